import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useVerifySession } from '../features/auth/useVerifySession';
import { LiveStatusCard } from '../features/live-status/LiveStatusCard';
import { FloatingActions } from '../features/shell/components/FloatingActions';
import { SiteFooter } from '../features/shell/components/SiteFooter';
import { SiteHeader } from '../features/shell/components/SiteHeader';
import { useScrollRestoration } from '../features/shell/hooks/useScrollRestoration';
import { SOS_PAGES } from '../features/sos/sos-pages';
import '../features/shell/shell.css';
// The SOS form's styles travel with the shell, inline in every prerendered page: /sos must paint and
// work on one bar of signal without a stylesheet request of its own, and every page links to it.
import '../features/sos/sos.css';
// So do the toasts': the SOS page's script shows them with no stylesheet of its own.
import '../shared/ui/notification.css';

/** The live parts of the shell, with the query library and the socket client: never on /sos. */
const LiveAside = lazy(() => import('./LiveAside'));

export function RootLayout() {
  const { pathname } = useLocation();
  const onSos = SOS_PAGES.includes(pathname);
  const onBoard = pathname.startsWith('/admin');
  // The board asks the server itself as it opens (useAdminSession), and the header follows its answer.
  // (The SOS pages are only rendered here at build time: on the phone they run their own script.)
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
            // Filled in on the phone by the SOS page's own script (features/shell/static-shell.ts), read once.
            <LiveStatusCard stats={null} />
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
