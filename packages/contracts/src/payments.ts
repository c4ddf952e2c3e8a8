/** The one currency deposits are taken in, as Stripe writes it. */
export const PAYMENT_CURRENCY = 'aud';

/** POST /api/quotes/{id}/create-payment-intent: what /checkout needs to show Stripe's PaymentElement. */
export interface PaymentIntentResponse {
  clientSecret: string;
  /** Stripe's publishable key, so the browser bundle carries none. */
  publishableKey: string;
  /** Cents: the deposit being paid. */
  amount: number;
  currency: typeof PAYMENT_CURRENCY;
  quoteId: string;
  quoteNumber: number;
}

/** The Stripe events the webhook and the reconciliation act on; any other is acknowledged and ignored. */
export const STRIPE_HANDLED_EVENTS = ['payment_intent.succeeded', 'payment_intent.payment_failed'] as const;

/** The part of a Stripe event the webhook reads; the signature covers the raw bytes. */
export interface StripeWebhookEvent {
  id: string;
  type: string;
  created: number;
  data: { object: { id: string; object: string } };
}

/**
 * A card payment that did not match its invoice (amount or currency), reported by a signed
 * Stripe event: kept on the invoice and shown to admins, never applied.
 */
export interface PaymentFlag {
  invoiceNumber: string;
  paymentIntentId: string;
  eventId: string;
  /** What the event said was paid, in the smallest unit of its currency. */
  amount: number;
  currency: string;
  /** What the invoice asks for, in cents AUD. */
  expectedAmount: number;
  flaggedAt: string;
}

/** The webhook's answer: Stripe only reads the status. */
export interface WebhookReceipt {
  received: true;
  /** False when this event id was handled before (a redelivery). */
  applied: boolean;
}
