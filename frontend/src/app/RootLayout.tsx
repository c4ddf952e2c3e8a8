import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AnnouncementSidebar } from '../features/announcements/AnnouncementSidebar';
import { readActiveAnnouncements } from '../features/announcements/read';
import { useVerifySession } from '../features/auth/useVerifySession';
import { LiveStatusCard } from '../features/live-status/LiveStatusCard';
import { readLiveStats } from '../features/live-status/read';
import { FloatingActions } from '../features/shell/components/FloatingActions';
import { SiteFooter } from '../features/shell/components/SiteFooter';
import { SiteHeader } from '../features/shell/components/SiteHeader';
import { useScrollRestoration } from '../features/shell/hooks/useScrollRestoration';
import { useReadOnce } from '../shared/hooks/useReadOnce';
import '../features/shell/shell.css';
// The SOS form's styles travel with the shell, inline in every prerendered page: /sos must paint and
// work on one bar of signal without a stylesheet request of its own, and every page links to it.
import '../features/sos/sos.css';
// So do the toasts': the SOS page's script shows them with no stylesheet of its own.
import '../shared/ui/notification.css';

/** The live parts of the shell, with the query library and the socket client: never on /sos. */
const LiveAside = lazy(() => import('./LiveAside'));

/** A modal must never stand between a stranded driver and the SOS form; the sidebar still shows there, below the form. */
const SOS_PATHS = ['/sos', '/emergency'];

/**
 * A driver on one bar of signal gets announcements and figures read once, without the socket,
 * the query library and their code: every byte before the form works counts.
 */
function SosAside() {
  const stats = useReadOnce(readLiveStats);
  const announcements = useReadOnce(readActiveAnnouncements);
  return (
    <>
      <LiveStatusCard stats={stats} />
      <AnnouncementSidebar announcements={announcements ?? []} />
    </>
  );
}

export function RootLayout() {
  const { pathname } = useLocation();
  const onSos = SOS_PATHS.includes(pathname);
  const onBoard = pathname.startsWith('/admin');
  // The SOS page asks nothing it can do without: the header keeps this tab's cached user there.
  // The board asks the server itself as it opens (useAdminSession), and the header follows its answer.
  useVerifySession(!onSos && !onBoard);
  useScrollRestoration();

  if (onBoard) {
    // The dispatch board is a work screen: no announcements, no footer, no floating buttons over it.
    return (
      <div className="shell">
        <SiteHeader />
        <main className="shell-main shell-main-board">
          <Outlet />
        </main>
      </div>
    );
  }

  return (
    <div className="shell">
      <SiteHeader />
      <div className="shell-body">
        <main className="shell-main">
          <Outlet />
        </main>
        {/* In the page's flow, never floating over it: a fixed card covered buttons beneath it. */}
        <div className={`shell-aside${onSos ? ' shell-aside-after-main' : ''}`}>
          {onSos ? (
            <SosAside />
          ) : (
            // Until its code is there: what it shows before its first read, so a prerendered page keeps its HTML.
            <Suspense fallback={<LiveStatusCard stats={null} />}>
              <LiveAside />
            </Suspense>
          )}
        </div>
      </div>
      <SiteFooter />
      {/* On the SOS screen the form has its own call and send buttons; floating ones would cover its fields. */}
      {!onSos && <FloatingActions />}
    </div>
  );
}
