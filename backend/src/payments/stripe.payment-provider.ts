import Stripe from 'stripe';
import { PAYMENT_CURRENCY } from '@towing/contracts';
import type { StripeSettings } from '@towing/platform';
import { type DepositIntentRequest, type PaymentEvent, type PaymentIntentRef, PaymentProvider, WebhookSignatureError } from './payment-provider.js';

type StripeEvent = ReturnType<Stripe['webhooks']['constructEvent']>;
type StripeIntent = Awaited<ReturnType<Stripe['paymentIntents']['retrieve']>>;

function toRef(intent: StripeIntent): PaymentIntentRef {
  if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`);
  return { id: intent.id, clientSecret: intent.client_secret, amount: intent.amount };
}

function toPaymentEvent(event: StripeEvent): PaymentEvent {
  // A signed event is still read as untrusted shape: anything but a whole intent matches nothing.
  const object = event.data.object as { object?: unknown; id?: unknown; amount?: unknown; currency?: unknown; metadata?: Record<string, string>; last_payment_error?: { message?: string } | null };
  const { id, amount, currency } = object;
  const whole = object.object === 'payment_intent' && typeof id === 'string' && id !== '' && Number.isInteger(amount) && typeof currency === 'string';
  return {
    id: event.id,
    type: event.type,
    created: new Date(event.created * 1000),
    intent: whole
      ? {
          id,
          amount: amount as number,
          currency: currency.toLowerCase(),
          quoteId: object.metadata?.quoteId ?? null,
          failureMessage: object.last_payment_error?.message ?? null,
        }
      : null,
  };
}

/** Stripe through its SDK; STRIPE_API_URL sends the SDK to another origin (a local peer in tests). */
export class StripePaymentProvider extends PaymentProvider {
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    super();
    this.publishableKey = settings.publishableKey;
    const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
    this.stripe = new Stripe(settings.secretKey, {
      timeout: 15_000,
      maxNetworkRetries: 2,
      ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' } : {}),
    });
  }

  async createDepositIntent(request: DepositIntentRequest): Promise<PaymentIntentRef> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: request.amount,
        currency: PAYMENT_CURRENCY,
        automatic_payment_methods: { enabled: true },
        description: request.description,
        metadata: { quoteId: request.quoteId, kind: 'deposit' },
        ...(request.receiptEmail ? { receipt_email: request.receiptEmail } : {}),
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return toRef(intent);
  }

  async retrieveIntent(id: string): Promise<PaymentIntentRef> {
    return toRef(await this.stripe.paymentIntents.retrieve(id));
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    if (!signature) throw new WebhookSignatureError('No Stripe-Signature header');
    try {
      return toPaymentEvent(this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret));
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message);
    }
  }

  async *recentEvents(types: readonly string[], since: Date): AsyncIterable<PaymentEvent> {
    const list = this.stripe.events.list({ types: [...types], created: { gte: Math.floor(since.getTime() / 1000) }, limit: 100 });
    for await (const event of list) yield toPaymentEvent(event);
  }
}
