import { Agent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import twilio from 'twilio';
import type { TwilioSettings } from '@towing/platform';
import { type Delivery, type SmsMessage, SmsProvider } from './sms-provider.js';

const TWILIO_ORIGIN = 'https://api.twilio.com';
/** How many of a number's latest texts a retry looks through for its own. */
const LOOKUP_PAGE = 50;
/** How long a text's create call may take, answer included, as the SDK gives a request. */
const SEND_TIMEOUT_MS = 30_000;

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

/** Twilio's answer: the message created, or why not. */
function parsed(body: string): { sid?: string; message?: string } | null {
  try {
    return JSON.parse(body) as { sid?: string; message?: string };
  } catch {
    return null;
  }
}

/**
 * Messages API's create, the one call every text makes, straight over a kept-alive connection:
 * the SDK's stack around it (its request building, axios and its interceptors, the message
 * resource it makes of the answer) cost the worker more CPU than the rest of a text's sending.
 * Its failures read as the SDK's do: Twilio's message, or the HTTP status.
 */
class MessagesCreate {
  private readonly url: URL;
  private readonly request: typeof httpRequest;
  private readonly agent: Agent;
  private readonly authorization: string;

  constructor(settings: TwilioSettings) {
    const origin = settings.apiUrl?.replace(/\/+$/, '') ?? TWILIO_ORIGIN;
    this.url = new URL(`${origin}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`);
    const https = this.url.protocol === 'https:';
    this.request = https ? httpsRequest : httpRequest;
    this.agent = https ? new HttpsAgent({ keepAlive: true }) : new Agent({ keepAlive: true });
    this.authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  }

  /** The created message's SID. */
  send(form: Record<string, string>): Promise<string> {
    const body = new URLSearchParams(form).toString();
    return new Promise((resolve, reject) => {
      const request = this.request(
        this.url,
        {
          method: 'POST',
          agent: this.agent,
          timeout: SEND_TIMEOUT_MS,
          headers: { authorization: this.authorization, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), accept: 'application/json' },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            const answer = parsed(Buffer.concat(chunks).toString('utf8'));
            if (status >= 200 && status < 300 && answer?.sid) resolve(answer.sid);
            else reject(new Error(answer?.message ?? `[HTTP ${status}] Failed to execute request`));
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error(`Twilio did not answer within ${SEND_TIMEOUT_MS / 1000} s`)));
      request.on('error', reject);
      request.end(body);
    });
  }
}

export class TwilioSmsProvider extends SmsProvider {
  private readonly client: twilio.Twilio;
  private readonly messages: MessagesCreate;

  /** `statusCallback`: where Twilio reports each text's fate (POST /api/sms/status on PUBLIC_URL). */
  constructor(
    private readonly settings: TwilioSettings,
    private readonly statusCallback: string,
  ) {
    super();
    this.client = twilioClient(settings);
    this.messages = new MessagesCreate(settings);
  }

  async send(message: SmsMessage): Promise<Delivery> {
    const sid = await this.messages.send({ To: message.to, From: this.settings.from, Body: message.body, StatusCallback: this.statusCallback });
    return { delivered: true, providerMessageId: sid };
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
