import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { holdsNoProcessOpen } from './holds-no-process-open.js';

export interface ReceivedSms {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  body: string;
  receivedAt: number;
}

/** More of Twilio than the Messages API (twilio-peer-voice.ts): a part answers the requests it serves, and hears of each text accepted. */
export interface TwilioPeerPart {
  /** Answers the request and returns true when it is this part's; false leaves it to the peer. */
  route(request: IncomingMessage, url: URL, raw: string, response: ServerResponse): boolean;
  accepted?(sms: ReceivedSms, form: URLSearchParams): void;
}

const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

/** A time as Twilio's resources give it (RFC 2822, to the second). */
function twilioDate(ms: number): string {
  return new Date(ms).toUTCString().replace('GMT', '+0000');
}

/**
 * A webhook's X-Twilio-Signature, from the SDK's webhook module, the one the API checks it with:
 * loaded when first asked for, as every test file imports the testkit and few of them post a webhook.
 */
export async function twilioSignature(authToken: string, url: string, params: Record<string, string>): Promise<string> {
  const { getExpectedTwilioSignature } = await import('twilio/lib/webhooks/webhooks.js');
  return getExpectedTwilioSignature(authToken, url, params);
}

/** A list call's one page, as Twilio answers it: the items under `key` (messages, calls) and the page's links. */
export function listPage(key: string, items: object[], url: URL, pageSize: number): object {
  const uri = `${url.pathname}${url.search}`;
  return { [key]: items, page: 0, page_size: pageSize, start: 0, end: Math.max(items.length - 1, 0), uri, first_page_uri: uri, next_page_uri: null, previous_page_uri: null };
}

/** What a text and a call sent by us share as Twilio gives them back: sid, account, numbers, times, URI. */
export function outboundResource(collection: 'Messages' | 'Calls', item: { sid: string; accountSid: string; to: string; from: string }, createdAt: number) {
  const at = twilioDate(createdAt);
  return {
    sid: item.sid,
    account_sid: item.accountSid,
    to: item.to,
    from: item.from,
    direction: 'outbound-api',
    date_created: at,
    date_updated: at,
    uri: `/2010-04-01/Accounts/${item.accountSid}/${collection}/${item.sid}.json`,
  };
}

/** A message as Twilio's Messages API shows it. */
function messageResource(sms: ReceivedSms) {
  return { ...outboundResource('Messages', sms, sms.receivedAt), body: sms.body, status: 'sent', num_segments: '1', date_sent: twilioDate(sms.receivedAt) };
}

/**
 * Whether a message passes the list call's DateSent filters: `DateSent>` and `DateSent<` are
 * bounds (inclusive, as Twilio's are), `DateSent` one day; each a day (YYYY-MM-DD) or an instant.
 */
function sentWithin(sms: ReceivedSms, query: URLSearchParams): boolean {
  const day = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  const after = query.get('DateSent>');
  const before = query.get('DateSent<');
  const on = query.get('DateSent');
  if (after && sms.receivedAt < Date.parse(day(after) ? `${after}T00:00:00Z` : after)) return false;
  if (before && sms.receivedAt > Date.parse(day(before) ? `${before}T23:59:59.999Z` : before)) return false;
  if (on && new Date(sms.receivedAt).toISOString().slice(0, 10) !== on.slice(0, 10)) return false;
  return true;
}

/** An HTTP server speaking the part of Twilio's Messages API the SDK uses: create and list. */
export class TwilioPeer {
  readonly received: ReceivedSms[] = [];
  /** Answer this many requests with a 500 before accepting again. */
  failNext = 0;
  /**
   * Accept each text (it is sent and shows in the list) and call (the phone rings), but keep the
   * answer back: the sender is left not knowing, as one killed mid-send is. Answers kept back
   * while this is set are never given.
   */
  withholdAnswers = false;
  readonly parts: TwilioPeerPart[] = [];
  private server?: Server;
  private counter = 0;
  private readonly withheld: ServerResponse[] = [];

  get url(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      request.on('end', () => this.answer(request, raw, response));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  /** Keeps no process open (a shared stack's peer, which ends with its Jest worker). */
  unref(): void {
    holdsNoProcessOpen(this.server!);
  }

  /** Back as started: nothing received, no failure or withheld answer to come, no part added (a shared stack's next file). */
  reset(): void {
    this.received.length = 0;
    this.failNext = 0;
    this.withholdAnswers = false;
    this.parts.length = 0;
    for (const response of this.withheld.splice(0)) response.destroy();
  }

  to(phone: string): ReceivedSms[] {
    return this.received.filter((sms) => sms.to === phone);
  }

  environment(): NodeJS.ProcessEnv {
    return {
      TWILIO_ACCOUNT_SID: 'ACtest00000000000000000000000000',
      TWILIO_AUTH_TOKEN: 'test-token',
      TWILIO_FROM: '+61491570159',
      TWILIO_API_URL: this.url,
    };
  }

  /** Keeps the answer back while withholdAnswers is set (true), else leaves it to be given (false). */
  withheldAnswer(response: ServerResponse): boolean {
    if (!this.withholdAnswers) return false;
    this.withheld.push(response);
    return true;
  }

  async stop(): Promise<void> {
    for (const response of this.withheld.splice(0)) response.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private answer(request: IncomingMessage, raw: string, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://peer');
    if (this.parts.some((part) => part.route(request, url, raw, response))) return;
    const match = url.pathname.match(MESSAGES_PATH);
    response.setHeader('content-type', 'application/json');
    const reply = (status: number, body: object) => {
      response.statusCode = status;
      response.end(JSON.stringify(body));
    };
    if (!match || (request.method !== 'POST' && request.method !== 'GET')) {
      reply(404, { code: 20404, message: 'Not found', status: 404 });
      return;
    }
    if (this.failNext > 0) {
      this.failNext -= 1;
      reply(500, { code: 20500, message: 'Internal error', status: 500 });
      return;
    }
    const accountSid = match[1]!;
    if (request.method === 'GET') {
      this.list(accountSid, url, reply);
      return;
    }
    const form = new URLSearchParams(raw);
    this.counter += 1;
    const sms: ReceivedSms = {
      sid: `SM${String(this.counter).padStart(32, '0')}`,
      accountSid,
      to: form.get('To') ?? '',
      from: form.get('From') ?? '',
      body: form.get('Body') ?? '',
      receivedAt: Date.now(),
    };
    this.received.push(sms);
    for (const part of this.parts) part.accepted?.(sms, form);
    if (this.withheldAnswer(response)) return;
    reply(201, { ...messageResource(sms), status: 'queued' });
  }

  /** GET Messages.json: newest first, filtered by To, From and DateSent as the SDK's list sends them. */
  private list(accountSid: string, url: URL, reply: (status: number, body: object) => void): void {
    const query = url.searchParams;
    const pageSize = Number(query.get('PageSize') ?? 50);
    const messages = this.received
      .filter((sms) => sms.accountSid === accountSid)
      .filter((sms) => (!query.has('To') || sms.to === query.get('To')) && (!query.has('From') || sms.from === query.get('From')))
      .filter((sms) => sentWithin(sms, query))
      .reverse()
      .slice(0, pageSize)
      .map(messageResource);
    reply(200, listPage('messages', messages, url, pageSize));
  }
}
