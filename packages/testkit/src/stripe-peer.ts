import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { holdsNoProcessOpen } from './holds-no-process-open.js';

export interface PeerPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  receipt_email: string | null;
  last_payment_error: { message: string } | null;
  created: number;
  livemode: false;
}

export interface PeerEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: PeerPaymentIntent };
}

export interface PeerRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  form: URLSearchParams;
}

const SECRET_KEY = 'sk_test_peer';
const WEBHOOK_SECRET = 'whsec_peer_test_secret';

/** Stripe's webhook signature: t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload" under the endpoint secret>. */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * An HTTP server speaking the part of Stripe's API the API uses: PaymentIntents (create with
 * an Idempotency-Key, retrieve) and the events list the reconciliation reads. Tests move an
 * intent on (succeed, fail), which makes an event as Stripe would, and deliver events to the
 * webhook signed as Stripe signs them.
 */
export class StripePeer {
  readonly requests: PeerRequest[] = [];
  readonly intents = new Map<string, PeerPaymentIntent>();
  /** Newest first, as Stripe lists them. */
  readonly events: PeerEvent[] = [];
  private readonly idempotent = new Map<string, string>();
  private server?: Server;

  get url(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  get webhookSecret(): string {
    return WEBHOOK_SECRET;
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

  environment(): NodeJS.ProcessEnv {
    return {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_peer',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: this.url,
    };
  }

  /** The card was charged: the intent succeeds and Stripe records payment_intent.succeeded. */
  succeed(intentId: string, created?: number): PeerEvent {
    const intent = this.intent(intentId);
    intent.status = 'succeeded';
    intent.last_payment_error = null;
    return this.record('payment_intent.succeeded', intent, created);
  }

  /** The card was declined: payment_intent.payment_failed. */
  fail(intentId: string, message = 'Your card was declined.', created?: number): PeerEvent {
    const intent = this.intent(intentId);
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { message };
    return this.record('payment_intent.payment_failed', intent, created);
  }

  /** Posts an event to a webhook URL as Stripe does, signed with `secret` (the endpoint's, unless a test forges one). */
  deliver(event: PeerEvent, webhookUrl: string, secret = WEBHOOK_SECRET): Promise<Response> {
    const payload = JSON.stringify(event, null, 2);
    return fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': stripeSignature(payload, secret) },
      body: payload,
    });
  }

  /** Keeps no process open (a shared stack's peer, which ends with its Jest worker). */
  unref(): void {
    holdsNoProcessOpen(this.server!);
  }

  /** Back as started: no request, payment intent or event (a shared stack's next file). */
  reset(): void {
    this.requests.length = 0;
    this.intents.clear();
    this.events.length = 0;
    this.idempotent.clear();
  }

  /** The PaymentIntents created for a quote (metadata.quoteId). */
  intentsFor(quoteId: string): PeerPaymentIntent[] {
    return [...this.intents.values()].filter((intent) => intent.metadata.quoteId === quoteId);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private intent(id: string): PeerPaymentIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`No PaymentIntent ${id} at the Stripe peer`);
    return intent;
  }

  private record(type: string, intent: PeerPaymentIntent, created = Math.floor(Date.now() / 1000)): PeerEvent {
    const event: PeerEvent = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      created,
      api_version: '2025-01-01',
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(intent) },
    };
    this.events.unshift(event);
    return event;
  }

  private answer(request: IncomingMessage, raw: string, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://peer');
    const form = new URLSearchParams(request.method === 'GET' ? url.search : raw);
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    this.requests.push({ method: request.method ?? '', path: url.pathname, idempotencyKey, form });
    const send = (status: number, body: unknown) => {
      response.statusCode = status;
      response.setHeader('content-type', 'application/json');
      response.setHeader('request-id', `req_${randomBytes(6).toString('hex')}`);
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${SECRET_KEY}`) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const remembered = idempotencyKey ? this.idempotent.get(idempotencyKey) : undefined;
      if (remembered) {
        response.setHeader('idempotent-replayed', 'true');
        send(200, remembered);
        return;
      }
      const amount = Number(form.get('amount'));
      if (!Number.isInteger(amount) || amount < 50) {
        send(400, { error: { type: 'invalid_request_error', param: 'amount', message: 'Amount must be at least 50 cents' } });
        return;
      }
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const metadata = Object.fromEntries([...form.entries()].flatMap(([key, value]) => {
        const match = /^metadata\[(.+)\]$/.exec(key);
        return match ? [[match[1], value]] : [];
      }));
      const intent: PeerPaymentIntent = {
        id,
        object: 'payment_intent',
        amount,
        currency: form.get('currency') ?? 'aud',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        metadata,
        description: form.get('description'),
        receipt_email: form.get('receipt_email'),
        last_payment_error: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      this.intents.set(id, intent);
      const body = JSON.stringify(intent);
      if (idempotencyKey) this.idempotent.set(idempotencyKey, body);
      send(200, body);
      return;
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && retrieve) {
      const intent = this.intents.get(retrieve[1]);
      if (intent) send(200, intent);
      else send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${retrieve[1]}'` } });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/v1/events') {
      send(200, this.listEvents(form));
      return;
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname})` } });
  }

  private listEvents(query: URLSearchParams) {
    const types = [...query.entries()].filter(([key]) => key === 'type' || key.startsWith('types')).map(([, value]) => value);
    const since = Number(query.get('created[gte]') ?? 0);
    const limit = Math.min(Number(query.get('limit') ?? 10), 100);
    let matching = this.events.filter((event) => (types.length === 0 || types.includes(event.type)) && event.created >= since);
    const after = query.get('starting_after');
    if (after) matching = matching.slice(matching.findIndex((event) => event.id === after) + 1);
    return { object: 'list', url: '/v1/events', has_more: matching.length > limit, data: matching.slice(0, limit) };
  }
}
