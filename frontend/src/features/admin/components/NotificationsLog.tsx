import { formatPerthDateTime, type NotificationStatus } from '@towing/contracts';
import { Tag, Typography } from 'antd';
import { api } from '../../../shared/api/client';
import { useWatchedLog } from '../hooks/useWatchedLog';
import { useAdminStore } from '../state/admin.store';
import { ListItem, PagedList } from './PagedList';

const STATUS_COLOURS: Record<NotificationStatus, string> = {
  pending: 'default',
  sending: 'processing',
  sent: 'green',
  failed: 'red',
  recorded: 'blue',
  refused: 'orange',
};

async function reloadNotifications(): Promise<void> {
  useAdminStore.getState().replace({ notifications: await api.call('GET /api/notifications') });
}

/**
 * Every SMS and email the system tried, so a dispatcher can see the stranded driver's text went
 * out. Live only while this tab is open: the pushes go to no board that is not showing it.
 */
export function NotificationsLog() {
  useWatchedLog('notifications', reloadNotifications);
  const notifications = useAdminStore((state) => state.notifications);
  return (
    <PagedList
      items={notifications}
      rowKey={(notification) => notification.id}
      empty="Nothing sent yet"
      renderItem={(notification) => (
        <ListItem
          data-testid={`notification-${notification.id}`}
          title={
            <span className="admin-row">
              <Tag>{notification.type.toUpperCase()}</Tag>
              <Tag color={STATUS_COLOURS[notification.status]}>{notification.status}</Tag>
              <span>{notification.recipientPhone ?? notification.recipientEmail}</span>
              {notification.jobId && <Typography.Text type="secondary">{notification.jobId}</Typography.Text>}
            </span>
          }
        >
          {notification.subject && <div>{notification.subject}</div>}
          {notification.type === 'sms' && <div>{notification.message}</div>}
          {notification.error && <Typography.Text type="danger">{notification.error}</Typography.Text>}
          <div>
            <Typography.Text type="secondary">
              {formatPerthDateTime(notification.sentAt ?? notification.updatedAt)}
              {notification.attempts > 1 ? ` · ${notification.attempts} attempts` : ''}
            </Typography.Text>
          </div>
        </ListItem>
      )}
    />
  );
}
