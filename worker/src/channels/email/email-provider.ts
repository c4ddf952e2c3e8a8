import type { Delivery } from '../sms/sms-provider.js';

export interface EmailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  /** The plain-text part, for mail clients that show no HTML. */
  text?: string;
  attachments?: EmailAttachment[];
}

/** One email channel, whatever carries it. */
export abstract class EmailProvider {
  abstract send(message: EmailMessage): Promise<Delivery>;
}
