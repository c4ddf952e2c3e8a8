import { Controller, Headers, HttpCode, Param, Req, type RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import { type PaymentIntentResponse, STRIPE_HANDLED_EVENTS, type WebhookReceipt } from '@towing/contracts';
import type { AuthenticatedRequest } from '../auth/access.guard.js';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { fieldError } from '../common/errors.js';
import { PAYMENT_INTENT_LIMIT } from '../quotes/quote-http.js';
import { RateLimit } from '../rate-limit/rate-limit.js';
import { WebhookSignatureError } from './payment-provider.js';
import { PaymentsService } from './payments.service.js';

@Controller()
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  /** The customer's checkout (after accepting) and the admin's Pay Now both ask for the deposit's client secret. */
  @Endpoint('POST /api/quotes/:id/create-payment-intent')
  @Access('public')
  @RateLimit(PAYMENT_INTENT_LIMIT)
  @HttpCode(200)
  createPaymentIntent(@Param('id') id: string, @Req() request: AuthenticatedRequest): Promise<PaymentIntentResponse> {
    return this.payments.depositIntent(id, request.user?.role === 'admin');
  }

  /** Stripe's webhook: the signature is checked on the bytes as they arrived, never on re-serialised JSON. */
  @Endpoint('POST /api/payments/webhook')
  @Access('public')
  @HttpCode(200)
  async webhook(@Req() request: RawBodyRequest<Request>, @Headers('stripe-signature') signature: string | undefined): Promise<WebhookReceipt> {
    const provider = this.payments.configured;
    let event;
    try {
      event = provider.verifyWebhook(request.rawBody ?? Buffer.alloc(0), signature);
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      const message = 'Invalid Stripe signature';
      throw fieldError(400, 'Stripe-Signature', message);
    }
    // Signed, of a type we act on, but about nothing we can match (no intent, or one without an id, amount or currency).
    if (!event.intent && (STRIPE_HANDLED_EVENTS as readonly string[]).includes(event.type)) throw fieldError(400, 'data.object', 'The event carries no payment intent to match');
    return { received: true, applied: await this.payments.apply(event, 'webhook') };
  }
}
