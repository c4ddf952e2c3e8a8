import { deliveryErrorWords, type Email, type Notification } from '@towing/contracts';
import type { NotificationEntity } from '../entities/notification.entity.js';

export function toNotificationView(notification: NotificationEntity): Notification {
  return {
    id: notification.id,
    type: notification.type,
    status: notification.status,
    recipientPhone: notification.recipientPhone,
    recipientEmail: notification.recipientEmail,
    subject: notification.subject,
    message: notification.message,
    error: notification.error,
    jobId: notification.jobId,
    quoteId: notification.quoteId,
    attempts: notification.attempts,
    createdAt: notification.createdAt.toISOString(),
    updatedAt: notification.updatedAt.toISOString(),
    sentAt: notification.sentAt?.toISOString() ?? null,
    deliveryStatus: notification.deliveryStatus,
    deliveryErrorCode: notification.deliveryErrorCode,
    deliveryError: deliveryErrorWords(notification.deliveryErrorCode),
  };
}

/** An email of the notifications log as the admin's Contact Messages list shows it (GET /api/emails). */
export function toContactMessageView(email: NotificationEntity): Email {
  return {
    id: email.id,
    to: email.recipientEmail ?? '',
    subject: email.subject ?? '',
    htmlContent: email.message,
    customerInfo: email.customerInfo,
    timestamp: email.createdAt.toISOString(),
    sent: email.status === 'sent',
  };
}
