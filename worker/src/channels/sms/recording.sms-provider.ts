import { Logger } from '@nestjs/common';
import { type Delivery, type SmsMessage, SmsProvider } from './sms-provider.js';

/** Used when Twilio is not configured: the notification row is the record; nothing is sent. */
export class RecordingSmsProvider extends SmsProvider {
  private readonly logger = new Logger('Sms');

  async send(message: SmsMessage): Promise<Delivery> {
    this.logger.log(`Not delivered (TWILIO_* not set): SMS to ${message.to}`);
    return { delivered: false, providerMessageId: null };
  }

  /** Nothing is ever sent here, so nothing can have been sent already. */
  async findSent(): Promise<Delivery | null> {
    return null;
  }
}
