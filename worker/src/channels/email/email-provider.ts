import type { Delivery } from '../sms/sms-provider.js';

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
}

/** One email channel, whatever carries it. */
export abstract class EmailProvider {
  abstract send(message: EmailMessage): Promise<Delivery>;
}
