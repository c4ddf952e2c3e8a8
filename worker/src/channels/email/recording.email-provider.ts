import { Logger } from '@nestjs/common';
import type { Delivery } from '../sms/sms-provider.js';
import { type EmailMessage, EmailProvider } from './email-provider.js';

/** Used when SMTP_URL is not set: the emails and notifications rows are the record. */
export class RecordingEmailProvider extends EmailProvider {
  private readonly logger = new Logger('Email');

  async send(message: EmailMessage): Promise<Delivery> {
    const attached = message.attachments?.length ? ` with ${message.attachments.map((file) => file.filename).join(', ')}` : '';
    this.logger.log(`Not delivered (SMTP_URL not set): "${message.subject}" to ${message.to}${attached}`);
    return { delivered: false, providerMessageId: null };
  }
}
