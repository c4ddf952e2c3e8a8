import { BellOutlined } from '@ant-design/icons';
import type { User } from '@towing/contracts';
import { Badge, Button, Tabs, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { AnnouncementsPanel } from './AnnouncementsPanel';
import { BoardTiles } from './BoardTiles';
import { ContactMessages } from './ContactMessages';
import { CreateJobForm } from './CreateJobForm';
import { JobList } from './JobList';
import { NotificationsLog } from './NotificationsLog';
import { PendingBookings } from './PendingBookings';
import { useAdminStore } from './admin.store';
import { armSosAlerts, armSound } from './sos-alert';
import { useAdminLiveData } from './useAdminLiveData';
import './admin.css';
import { useNotification } from '../../ui/notification';

function alertsLabel(permission: NotificationPermission | 'unsupported' | 'off'): string {
  if (permission === 'granted') return 'SOS alerts on';
  if (permission === 'denied') return 'Sound only (notifications blocked)';
  if (permission === 'unsupported') return 'SOS sound on';
  return 'Turn on SOS alerts';
}

export function AdminBoard({ user }: { user: User }) {
  const notification = useNotification();
  const onLoadError = useCallback(() => notification.error({ title: 'Could not load the board', description: 'Retrying when the connection comes back' }), [notification]);
  useAdminLiveData(onLoadError);
  const [alerts, setAlerts] = useState<NotificationPermission | 'unsupported' | 'off'>('off');
  const loaded = useAdminStore((state) => state.loaded);
  const pending = useAdminStore((state) => state.bookings.length);
  const unseenSos = useAdminStore((state) => state.unseenSos.size);
  const announcements = useAdminStore((state) => state.announcements);

  return (
    // Any click on the board counts as the gesture browsers require before a page may play sound.
    <div className="admin-board" onClickCapture={() => void armSound()}>
      <div className="admin-row" style={{ justifyContent: 'space-between', marginBottom: 12 }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Admin Panel
        </Typography.Title>
        <span className="admin-row">
          <Typography.Text type="secondary">Signed in as {user.firstName ?? user.username}</Typography.Text>
          <Button icon={<BellOutlined />} onClick={() => armSosAlerts().then(setAlerts)}>
            {alertsLabel(alerts)}
          </Button>
        </span>
      </div>
      {loaded ? (
        <>
          <BoardTiles />
          <Tabs
            defaultActiveKey="bookings"
            items={[
              { key: 'bookings', label: <Badge count={pending} size="small" offset={[8, 0]}>Pending Bookings</Badge>, children: <PendingBookings /> },
              {
                key: 'jobs',
                label: <Badge count={unseenSos} size="small" offset={[8, 0]}>Job Management</Badge>,
                children: (
                  <>
                    <CreateJobForm />
                    <JobList />
                  </>
                ),
              },
              { key: 'messages', label: 'Contact Messages', children: <ContactMessages /> },
              { key: 'announcements', label: 'Announcements', children: <AnnouncementsPanel announcements={announcements} /> },
              { key: 'notifications', label: 'Notifications', children: <NotificationsLog /> },
            ]}
          />
        </>
      ) : (
        <Typography.Paragraph aria-busy="true">Loading the board…</Typography.Paragraph>
      )}
    </div>
  );
}
