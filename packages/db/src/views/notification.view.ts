import type { Email, Notification } from '@towing/contracts';
import type { EmailEntity } from '../entities/email.entity.js';
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
  };
}

export function toEmailView(email: EmailEntity): Email {
  return {
    id: email.id,
    to: email.to,
    subject: email.subject,
    htmlContent: email.htmlContent,
    customerInfo: email.customerInfo,
    timestamp: email.timestamp.toISOString(),
    sent: email.sent,
  };
}
