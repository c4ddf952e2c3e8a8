import type { DeliveryStatus, Notification } from '@towing/contracts';
import { Tag } from 'antd';

const COLOURS: Record<DeliveryStatus, string> = { queued: 'default', sent: 'processing', delivered: 'green', undelivered: 'red', failed: 'red' };

/** What Twilio's status callbacks said of a text: delivered, or undelivered with the error code in words. */
export function DeliveryReceipt({ notification }: { notification: Notification }) {
  if (!notification.deliveryStatus) return null;
  const error = notification.deliveryErrorCode !== null ? ` (${notification.deliveryErrorCode}: ${notification.deliveryError})` : '';
  return <Tag color={COLOURS[notification.deliveryStatus]}>{`${notification.deliveryStatus}${error}`}</Tag>;
}
