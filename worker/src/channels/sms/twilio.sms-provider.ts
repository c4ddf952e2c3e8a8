import twilio from 'twilio';
import type { TwilioSettings } from '@towing/backend/config/environment';
import { type Delivery, type SmsMessage, SmsProvider } from './sms-provider.js';

const TWILIO_ORIGIN = 'https://api.twilio.com';

/** Sends every request of the SDK to another origin (a local peer in tests). */
class RedirectingRequestClient extends twilio.RequestClient {
  constructor(private readonly origin: string) {
    super({ timeout: 10_000 });
  }

  override request: twilio.RequestClient['request'] = (opts) =>
    super.request({ ...opts, uri: opts.uri.replace(TWILIO_ORIGIN, this.origin) });
}

export class TwilioSmsProvider extends SmsProvider {
  private readonly client: twilio.Twilio;

  constructor(private readonly settings: TwilioSettings) {
    super();
    this.client = twilio(settings.accountSid, settings.authToken, {
      httpClient: settings.apiUrl ? new RedirectingRequestClient(settings.apiUrl.replace(/\/+$/, '')) : undefined,
    });
  }

  async send(message: SmsMessage): Promise<Delivery> {
    const sent = await this.client.messages.create({ to: message.to, from: this.settings.from, body: message.body });
    return { delivered: true, providerMessageId: sent.sid };
  }
}
