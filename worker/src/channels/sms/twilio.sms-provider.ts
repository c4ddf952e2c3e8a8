import { Agent } from 'node:http';
import twilio from 'twilio';
import type { TwilioSettings } from '@towing/platform';
import { type Delivery, type SmsMessage, SmsProvider } from './sms-provider.js';

const TWILIO_ORIGIN = 'https://api.twilio.com';
/** How many of a number's latest texts a retry looks through for its own. */
const LOOKUP_PAGE = 50;

/** Sends every request of the SDK to another origin (a local peer in tests). */
class RedirectingRequestClient extends twilio.RequestClient {
  constructor(private readonly origin: string) {
    super({ timeout: 10_000 });
    // The SDK keeps its https connections to Twilio open; a plain-http origin gets the same, so a
    // burst of texts does not open a connection per text.
    this.axios.defaults.httpAgent = new Agent({ keepAlive: true });
  }

  override request: twilio.RequestClient['request'] = (opts) =>
    super.request({ ...opts, uri: opts.uri.replace(TWILIO_ORIGIN, this.origin) });
}

/** The SDK's client on our account, sent to TWILIO_API_URL when set (a local peer in tests). */
export function twilioClient(settings: TwilioSettings): twilio.Twilio {
  return twilio(settings.accountSid, settings.authToken, {
    httpClient: settings.apiUrl ? new RedirectingRequestClient(settings.apiUrl.replace(/\/+$/, '')) : undefined,
  });
}

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
