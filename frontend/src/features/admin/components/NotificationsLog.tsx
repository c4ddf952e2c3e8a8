import { formatPerthDateTime, type NotificationStatus } from '@towing/contracts';
import { Tag, Typography } from 'antd';
import { useWatchedLog } from '../hooks/useWatchedLog';
import { BOARD, useNotificationsLog } from '../board-data';
import { ReadFailed } from '../../../shared/ui/ReadFailed';
import { DeliveryReceipt } from './DeliveryReceipt';
import { ListItem, PagedList } from './PagedList';

const STATUS_COLOURS: Record<NotificationStatus, string> = {
  pending: 'default',
  sending: 'processing',
  sent: 'green',
  failed: 'red',
  recorded: 'blue',
  refused: 'orange',
};


/**
 * Every SMS and email the system tried, so a dispatcher can see the stranded driver's text went
 * out. Live only while this tab is open: the pushes go to no board that is not showing it.
 */
export function NotificationsLog() {
  useWatchedLog('notifications', BOARD.notifications);
  const read = useNotificationsLog();
  const notifications = read.data ?? [];
  return (
    <>
      {read.isError && <ReadFailed what="the notifications" onRetry={() => void read.refetch()} />}
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
              <DeliveryReceipt notification={notification} />
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
    </>
  );
}
