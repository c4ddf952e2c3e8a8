import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AnnouncementSidebar } from '../features/announcements/AnnouncementSidebar';
import { useActiveAnnouncements } from '../features/announcements/useActiveAnnouncements';
import { useVerifySession } from '../features/auth/useVerifySession';
import { LiveStatusCard } from '../features/live-status/LiveStatusCard';
import { FloatingActions } from '../features/shell/components/FloatingActions';
import { SiteFooter } from '../features/shell/components/SiteFooter';
import { SiteHeader } from '../features/shell/components/SiteHeader';
import '../features/shell/shell.css';
// The SOS form's styles travel with the shell, inline in every prerendered page: /sos must paint and
// work on one bar of signal without a stylesheet request of its own, and every page links to it.
import '../features/sos/sos.css';

/** Loaded only when there is an announcement to pop up. */
const AnnouncementPopup = lazy(() => import('../features/announcements/AnnouncementPopup').then((module) => ({ default: module.AnnouncementPopup })));

/** A modal must never stand between a stranded driver and the SOS form; the sidebar still shows there, below the form. */
const SOS_PATHS = ['/sos', '/emergency'];

export function RootLayout() {
  const { pathname } = useLocation();
  const onSos = SOS_PATHS.includes(pathname);
  // A driver on one bar of signal gets announcements and figures read once, without the socket
  // and its client library: every byte before the form works counts.
  const announcements = useActiveAnnouncements(!onSos);
  const onBoard = pathname.startsWith('/admin');
  // The SOS page asks nothing it can do without: the header keeps this tab's cached user there.
  // The board asks the server itself as it opens (useAdminSession), and the header follows its answer.
  useVerifySession(!onSos && !onBoard);

  return (
    <div className="shell">
      <SiteHeader />
      <div className="shell-body">
        <main className="shell-main">
          <Outlet />
        </main>
        {/* In the page's flow, never floating over it: a fixed card covered buttons beneath it. */}
        <div className={`shell-aside${onSos ? ' shell-aside-after-main' : ''}`}>
          {/* The board shows the same figures in its tiles, and needs the width. */}
          {!onBoard && <LiveStatusCard live={!onSos} />}
          <AnnouncementSidebar announcements={announcements} />
        </div>
      </div>
      <SiteFooter />
      <FloatingActions />
      {!onSos && announcements.some((announcement) => announcement.showAsPopup) && (
        <Suspense fallback={null}>
          <AnnouncementPopup announcements={announcements} />
        </Suspense>
      )}
    </div>
  );
}
