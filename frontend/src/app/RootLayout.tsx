import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AnnouncementPopup } from '../features/announcements/AnnouncementPopup';
import { AnnouncementSidebar } from '../features/announcements/AnnouncementSidebar';
import { useActiveAnnouncements } from '../features/announcements/useActiveAnnouncements';
import { useAuthStore } from '../features/auth/auth.store';
import { LiveStatusCard } from '../features/live-status/LiveStatusCard';
import { FloatingActions } from '../features/shell/FloatingActions';
import { SiteFooter } from '../features/shell/SiteFooter';
import { SiteHeader } from '../features/shell/SiteHeader';
import '../features/shell/shell.css';

/** A modal must never stand between a stranded driver and the SOS form; the sidebar still shows there. */
const NO_POPUP_PATHS = ['/sos', '/emergency'];

export function RootLayout() {
  const { pathname } = useLocation();
  const announcements = useActiveAnnouncements();
  const verify = useAuthStore((state) => state.verify);

  useEffect(() => {
    void verify();
  }, [verify]);

  return (
    <div className="shell">
      <SiteHeader />
      <div className="shell-body">
        <main className="shell-main">
          <Outlet />
        </main>
        <AnnouncementSidebar announcements={announcements} />
      </div>
      <SiteFooter />
      <LiveStatusCard />
      <FloatingActions />
      {!NO_POPUP_PATHS.includes(pathname) && <AnnouncementPopup announcements={announcements} />}
    </div>
  );
}
