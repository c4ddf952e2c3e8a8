import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';
import { Agent, type Dispatcher, request } from 'undici';
import type { TwilioSettings } from '@towing/platform';

const TWILIO_ORIGIN = 'https://api.twilio.com';
/** How long a request to Twilio may wait for its answer's headers, and then for its body. */
const TIMEOUT_MS = 10_000;

/** Twilio's form and query encoding (the SDK's `qs` with arrayFormat "repeat"): a list repeats its key. */
function encoded(values: object): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, String(item));
  }
  return form.toString();
}

/**
 * The SDK's requests, sent with undici instead of its axios client: a text costs the worker
 * about half the CPU (bench:cost), and connections are kept open as the SDK keeps them. Every
 * request goes to `origin` (a local peer in tests), Twilio's own by default. Redirects are not
 * followed; Twilio's REST API answers without them.
 */
class TwilioHttpClient extends twilio.RequestClient {
  private readonly agent = new Agent();

  constructor(private readonly origin: string) {
    super({ timeout: TIMEOUT_MS });
  }

  override async request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const headers = { ...opts.headers };
    if (opts.username && opts.password) headers.Authorization = `Basic ${Buffer.from(`${opts.username}:${opts.password}`).toString('base64')}`;
    else if (opts.authStrategy) headers.Authorization = await opts.authStrategy.getAuthString();
    const query = opts.params ? encoded(opts.params) : '';
    const url = `${opts.uri.replace(TWILIO_ORIGIN, this.origin)}${query ? `?${query}` : ''}`;
    const timeout = opts.timeout ?? this.defaultTimeout;
    const answer = await request(url, {
      method: opts.method.toUpperCase() as Dispatcher.HttpMethod,
      headers,
      body: opts.data ? encoded(opts.data) : undefined,
      dispatcher: this.agent,
      headersTimeout: timeout,
      bodyTimeout: timeout,
    });
    // The SDK's Response is these three fields: it reads the status and parses the body.
    return { statusCode: answer.statusCode, body: (await answer.body.text()) as TData, headers: answer.headers };
  }
}

/** The SDK's client on our account, sent to TWILIO_API_URL when set (a local peer in tests). */
export function twilioClient(settings: TwilioSettings): twilio.Twilio {
  return twilio(settings.accountSid, settings.authToken, { httpClient: new TwilioHttpClient(settings.apiUrl?.replace(/\/+$/, '') ?? TWILIO_ORIGIN) });
}
