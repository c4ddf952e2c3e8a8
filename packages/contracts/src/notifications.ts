import type { DeliveryStatus } from './delivery.js';

export const NOTIFICATION_CHANNELS = ['sms', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * pending: queued; sending: handed to the provider, answer not yet seen;
 * sent: the provider accepted it; failed: the provider refused it or could not be reached;
 * recorded: no provider is configured, so it was stored and not delivered;
 * refused: deliberately not sent (a costly range, a spent budget, an SOS burst folded into a
 * summary); `error` says why.
 */
export const NOTIFICATION_STATUSES = ['pending', 'sending', 'sent', 'failed', 'recorded', 'refused'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export interface Notification {
  id: number;
  type: NotificationChannel;
  status: NotificationStatus;
  recipientPhone: string | null;
  recipientEmail: string | null;
  subject: string | null;
  message: string;
  error: string | null;
  jobId: string | null;
  quoteId: string | null;
  attempts: number;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  /** What Twilio's status callbacks said of a text (null before the first, and for email). */
  deliveryStatus: DeliveryStatus | null;
  /** Twilio's error code of a text that did not arrive, and its meaning in words. */
  deliveryErrorCode: number | null;
  deliveryError: string | null;
}

export interface NotificationsQuery {
  jobId?: string;
}
