import BellOutlined from '@ant-design/icons-svg/es/asn/BellOutlined';
import type { User } from '@towing/contracts';
import { Badge, Button, Spin, Tabs } from 'antd';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { BoardTiles } from './BoardTiles';
import { SystemTile } from './SystemTile';
import { CreateJob } from './CreateJob';
import { DispatchOverview } from './DispatchOverview';
import { PendingBookings } from './PendingBookings';
import { PushToggle } from './PushToggle';
import { useAdminStore } from '../state/admin.store';
import { armSosAlerts, armSound } from '../sos-alert';
import { useSosAlerts } from '../hooks/useSosAlerts';
import { useAllAnnouncements, useBoardJobs, useDriversAvailable, usePendingBookings } from '../board-data';
import { loadDriverAccounts } from '../../driver';
import { FleetTab } from '../../fleet';
import '../admin.css';
import { useNotification } from '../../../shared/ui/notification';
import { SvgIcon } from '../../../shared/ui/SvgIcon';

/** A named component of a module, loaded the first time it is shown. */
function onFirstUse<P extends object>(load: () => Promise<Record<string, unknown>>, name: string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<P> }));
}

/*
 * What the board shows at first (tiles, open SOS and map, pending bookings) loads with it; every
 * other tab, the job card and the create-job form load when first opened, which keeps the
 * board's first download small for a dispatcher on a poor connection.
 */
const JobList = onFirstUse(() => import('./JobList'), 'JobList');
// The quotes feature's index is read only then too: what else it offers (the customer's invoice
// dialog and its form library) would otherwise come with the board's first download.
const QuotesManager = onFirstUse(() => import('../../quotes').then((quotes) => quotes.loadQuotesManager()), 'QuotesManager');
const ContactMessages = onFirstUse(() => import('./ContactMessages'), 'ContactMessages');
const AnnouncementsPanel = onFirstUse(() => import('./AnnouncementsPanel'), 'AnnouncementsPanel');
const TestimonialsReview = onFirstUse(() => import('./TestimonialsReview'), 'TestimonialsReview');
const NotificationsLog = onFirstUse(() => import('./NotificationsLog'), 'NotificationsLog');
const DriverAccounts = onFirstUse(loadDriverAccounts, 'DriverAccounts');
const JobDrawer = onFirstUse(() => import('./JobDrawer'), 'JobDrawer');

function Loaded({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spin style={{ display: 'block', margin: '32px auto' }} />}>{children}</Suspense>;
}

function alertsLabel(permission: NotificationPermission | 'unsupported' | 'off'): string {
  if (permission === 'granted') return 'SOS alerts on';
  if (permission === 'denied') return 'Sound only (notifications blocked)';
  if (permission === 'unsupported') return 'SOS sound on';
  return 'Turn on SOS alerts';
}

export function AdminBoard({ user }: { user: User }) {
  const notification = useNotification();
  useSosAlerts();
  // What the board's first screen shows; the other tabs read theirs as they open.
  const jobs = useBoardJobs();
  const bookings = usePendingBookings();
  const reads = [jobs, bookings, useDriversAvailable(), useAllAnnouncements()];
  const loaded = reads.every((read) => read.data !== undefined);
  const failed = reads.some((read) => read.isError);
  useEffect(() => {
    if (failed) notification.error({ title: 'Could not load the board', description: 'Retrying when the connection comes back' });
  }, [failed, notification]);
  const [alerts, setAlerts] = useState<NotificationPermission | 'unsupported' | 'off'>('off');
  const pending = bookings.data?.length ?? 0;
  // A highlighted SOS deleted meanwhile is no longer on the board to count.
  const unseenSos = useAdminStore((state) => state.unseenSos);
  const unseen = jobs.data?.filter((job) => unseenSos.has(job.id)).length ?? 0;
  const openJobId = useAdminStore((state) => state.openJobId);

  return (
    // Any click on the board counts as the gesture browsers require before a page may play sound.
    <div className="admin-board" onClickCapture={() => void armSound()}>
      <div className="admin-row" style={{ justifyContent: 'space-between', marginBottom: 12 }}>
        <h2 className="board-title">Admin Panel</h2>
        <span className="admin-row">
          <span className="board-muted">Signed in as {user.firstName ?? user.username}</span>
          <Button icon={<SvgIcon icon={BellOutlined} />} onClick={() => armSosAlerts().then(setAlerts)}>
            {alertsLabel(alerts)}
          </Button>
          <PushToggle />
          <CreateJob />
        </span>
      </div>
      {loaded ? (
        <>
          {/* The open SOS first, so the newest lands above the fold on a laptop; the counts follow. */}
          <DispatchOverview />
          <BoardTiles />
          <SystemTile />
          <Tabs
            className="board-tabs"
            defaultActiveKey="bookings"
            items={[
              { key: 'bookings', label: <Badge count={pending} size="small" offset={[8, 0]}>Pending Bookings</Badge>, children: <PendingBookings /> },
              { key: 'jobs', label: <Badge count={unseen} size="small" offset={[8, 0]}>Job Management</Badge>, children: <Loaded><JobList /></Loaded> },
              { key: 'quotes', label: 'Quotes & Billing', children: <Loaded><QuotesManager /></Loaded> },
              // The two logs unmount when hidden, which stops their pushes to this board (useWatchedLog).
              { key: 'messages', label: 'Contact Messages', children: <Loaded><ContactMessages /></Loaded>, destroyOnHidden: true },
              { key: 'announcements', label: 'Announcements', children: <Loaded><AnnouncementsPanel /></Loaded> },
              { key: 'fleet', label: 'Fleet', children: <Loaded><FleetTab /></Loaded> },
              { key: 'testimonials', label: 'Testimonials', children: <Loaded><TestimonialsReview /></Loaded> },
              { key: 'notifications', label: 'Notifications', children: <Loaded><NotificationsLog /></Loaded>, destroyOnHidden: true },
              { key: 'drivers', label: 'Drivers', children: <Loaded><DriverAccounts /></Loaded> },
            ]}
          />
          {openJobId !== null && (
            <Loaded>
              <JobDrawer />
            </Loaded>
          )}
        </>
      ) : (
        <p aria-busy="true">Loading the board…</p>
      )}
    </div>
  );
}
