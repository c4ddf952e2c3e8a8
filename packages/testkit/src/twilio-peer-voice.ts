import type { IncomingMessage, ServerResponse } from 'node:http';
import { listPage, outboundResource, type ReceivedSms, type TwilioPeer, type TwilioPeerPart, twilioSignature } from './twilio-peer.js';

const CALLS_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Calls\.json$/;

/** A call created through the Calls API, as the peer keeps it. */
export interface PeerCall {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  /** Where Twilio fetches the call's TwiML, and reports how it ended. */
  url: string;
  statusCallback: string | null;
  createdAt: number;
}

/** A call as the Calls API gives it back, just placed (queued). */
function callResource(call: PeerCall) {
  return { ...outboundResource('Calls', call, call.createdAt), status: 'queued' };
}

/** One status callback the peer posted for a text, and what our API answered. */
export interface PostedReceipt {
  messageSid: string;
  status: string;
  errorCode: number | null;
  answered: number;
}

/** A webhook as Twilio posts it: the form, signed with the auth token over the full URL and the form (X-Twilio-Signature). */
export async function postSigned(authToken: string, url: string, params: Record<string, string>, signature?: string): Promise<{ status: number; text: string }> {
  const header = signature === undefined ? await twilioSignature(authToken, url, params) : signature;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(header ? { 'x-twilio-signature': header } : {}),
    },
    body: new URLSearchParams(params).toString(),
  });
  return { status: response.status, text: await response.text() };
}

/** The `action` of the first <Gather> in a TwiML answer. */
export function gatherAction(twiml: string): string | null {
  const match = twiml.match(/<Gather\b[^>]*\baction="([^"]+)"/);
  return match ? match[1]!.replace(/&amp;/g, '&') : null;
}

/**
 * The parts of Twilio beyond sending texts, as a test meets them: every text accepted gets its
 * status callbacks (sent, then delivered, or undelivered with 30003 for numbers marked
 * unreachable), calls made through the Calls API are kept, and a test can play the phone: fetch
 * the call's TwiML, press a key on its <Gather>, end it with a status. Every webhook is signed
 * with the auth token exactly as Twilio signs it (the twilio SDK's own function).
 */
export class TwilioPeerVoice implements TwilioPeerPart {
  readonly calls: PeerCall[] = [];
  readonly receipts: PostedReceipt[] = [];
  /** Texts to these numbers end undelivered (30003: unreachable). */
  readonly unreachable = new Set<string>();
  private counter = 0;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly peer: TwilioPeer) {
    peer.parts.push(this);
  }

  get authToken(): string {
    return this.peer.environment().TWILIO_AUTH_TOKEN!;
  }

  callsTo(phone: string): PeerCall[] {
    return this.calls.filter((call) => call.to === phone);
  }

  route(request: IncomingMessage, url: URL, raw: string, response: ServerResponse): boolean {
    const match = url.pathname.match(CALLS_PATH);
    if (!match || (request.method !== 'POST' && request.method !== 'GET')) return false;
    response.setHeader('content-type', 'application/json');
    if (request.method === 'GET') {
      response.end(JSON.stringify(this.list(match[1]!, url)));
      return true;
    }
    const form = new URLSearchParams(raw);
    this.counter += 1;
    const call: PeerCall = {
      sid: `CA${String(this.counter).padStart(32, '0')}`,
      accountSid: match[1]!,
      to: form.get('To') ?? '',
      from: form.get('From') ?? '',
      url: form.get('Url') ?? '',
      statusCallback: form.get('StatusCallback'),
      createdAt: Date.now(),
    };
    this.calls.push(call);
    if (this.peer.withheldAnswer(response)) return true;
    response.statusCode = 201;
    response.end(JSON.stringify(callResource(call)));
    return true;
  }

  /** GET Calls.json: newest first, filtered by To and From as the SDK's list sends them. */
  private list(accountSid: string, url: URL): object {
    const query = url.searchParams;
    const pageSize = Number(query.get('PageSize') ?? 50);
    const calls = this.calls
      .filter((call) => call.accountSid === accountSid && (!query.has('To') || call.to === query.get('To')) && (!query.has('From') || call.from === query.get('From')))
      .reverse()
      .slice(0, pageSize)
      .map(callResource);
    return listPage('calls', calls, url, pageSize);
  }

  /** After the text's answer has gone, as Twilio does: sent, then its fate. */
  accepted(sms: ReceivedSms, form: URLSearchParams): void {
    const callback = form.get('StatusCallback');
    if (!callback) return;
    const unreachable = this.unreachable.has(sms.to);
    const run = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      await this.postReceipt(callback, sms, 'sent', null);
      await this.postReceipt(callback, sms, unreachable ? 'undelivered' : 'delivered', unreachable ? 30003 : null);
    })().catch(() => undefined);
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  /** Posts one status callback (again, if a test wants Twilio's retry); answers our API's status code. */
  async postReceipt(callback: string, sms: Pick<ReceivedSms, 'sid' | 'accountSid' | 'to' | 'from'>, status: string, errorCode: number | null): Promise<number> {
    const params: Record<string, string> = { MessageSid: sms.sid, SmsSid: sms.sid, AccountSid: sms.accountSid, To: sms.to, From: sms.from, MessageStatus: status, SmsStatus: status, ApiVersion: '2010-04-01' };
    if (errorCode !== null) params.ErrorCode = String(errorCode);
    const { status: answered } = await postSigned(this.authToken, callback, params);
    this.receipts.push({ messageSid: sms.sid, status, errorCode, answered });
    return answered;
  }

  private callParams(call: PeerCall, extra: Record<string, string>): Record<string, string> {
    return { CallSid: call.sid, AccountSid: call.accountSid, From: call.from, To: call.to, Direction: 'outbound-api', ApiVersion: '2010-04-01', ...extra };
  }

  /** The phone picks up: Twilio fetches the call's TwiML from its url. */
  async answer(call: PeerCall): Promise<{ status: number; text: string }> {
    return postSigned(this.authToken, call.url, this.callParams(call, { CallStatus: 'in-progress' }));
  }

  /** A key pressed on the call's <Gather>: Digits posted to its action, signed. */
  async press(call: PeerCall, twiml: string, digits: string): Promise<{ status: number; text: string }> {
    const action = gatherAction(twiml);
    if (!action) throw new Error(`The call's TwiML has no <Gather action>: ${twiml}`);
    return postSigned(this.authToken, action, this.callParams(call, { CallStatus: 'in-progress', Digits: digits }));
  }

  /** The call ends (completed, no-answer, busy, failed): its status callback. */
  async end(call: PeerCall, callStatus: string): Promise<number> {
    if (!call.statusCallback) throw new Error(`Call ${call.sid} asked for no status callback`);
    return (await postSigned(this.authToken, call.statusCallback, this.callParams(call, { CallStatus: callStatus }))).status;
  }

  /** Waits for the status callbacks still being posted (before the stack stops). */
  async settled(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }
}
