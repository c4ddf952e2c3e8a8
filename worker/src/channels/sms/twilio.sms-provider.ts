import type twilio from 'twilio';
import type { TwilioSettings } from '@towing/platform';
import { type Delivery, type SmsMessage, SmsProvider } from './sms-provider.js';
import { twilioClient } from './twilio-client.js';

/** How many of a number's latest texts a retry looks through for its own. */
const LOOKUP_PAGE = 50;

export class TwilioSmsProvider extends SmsProvider {
  private readonly client: twilio.Twilio;

  /** `statusCallback`: where Twilio reports each text's fate (POST /api/sms/status on PUBLIC_URL). */
  constructor(
    private readonly settings: TwilioSettings,
    private readonly statusCallback: string,
  ) {
    super();
    this.client = twilioClient(settings);
  }

  async send(message: SmsMessage): Promise<Delivery> {
    const sent = await this.client.messages.create({ to: message.to, from: this.settings.from, body: message.body, statusCallback: this.statusCallback });
    return { delivered: true, providerMessageId: sent.sid };
  }

  /**
   * Twilio's message log, filtered as its list call allows (to, from, sent after); the body is
   * compared here. Texts to one number in a retry's window are few, so one page holds them.
   */
  async findSent(message: SmsMessage, since: Date): Promise<Delivery | null> {
    const sent = await this.client.messages.list({ to: message.to, from: this.settings.from, dateSentAfter: since, limit: LOOKUP_PAGE });
    const match = sent.find((candidate) => candidate.body === message.body);
    return match ? { delivered: true, providerMessageId: match.sid } : null;
  }
}
