/** A card payment as the provider reports it. */
export interface PaymentIntentRef {
  id: string;
  clientSecret: string;
  amount: number;
}

/** A provider event, reduced to what we act on. */
export interface PaymentEvent {
  id: string;
  type: string;
  created: Date;
  /** Null when the event carries no payment intent with an id, an amount and a currency: nothing we can match. */
  intent: {
    id: string;
    amount: number;
    /** Lower case, as Stripe writes it ("aud"). */
    currency: string;
    quoteId: string | null;
    failureMessage: string | null;
  } | null;
}

export interface DepositIntentRequest {
  quoteId: string;
  amount: number;
  description: string;
  receiptEmail: string | null;
  /** The same key always gets the same intent back: a retry never makes a second charge. */
  idempotencyKey: string;
}

export class WebhookSignatureError extends Error {}

/** The card payment channel, whatever carries it (Stripe in production, a local peer in tests). */
export abstract class PaymentProvider {
  abstract readonly publishableKey: string;
  abstract createDepositIntent(request: DepositIntentRequest): Promise<PaymentIntentRef>;
  abstract retrieveIntent(id: string): Promise<PaymentIntentRef>;
  /** The event in a webhook request; throws WebhookSignatureError unless the raw body carries a valid signature. */
  abstract verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
  /** Events of the given types created since `since`, newest first. */
  abstract recentEvents(types: readonly string[], since: Date): AsyncIterable<PaymentEvent>;
}

/** Set in the module when STRIPE_* is configured; null means card payment is unavailable. */
export const PAYMENTS = Symbol('PAYMENTS');
