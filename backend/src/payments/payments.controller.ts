import { Controller, Headers, HttpCode, Param, Req, type RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import type { PaymentIntentResponse, WebhookReceipt } from '@towing/contracts';
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
  createPaymentIntent(@Param('id') id: string): Promise<PaymentIntentResponse> {
    return this.payments.depositIntent(id);
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
    return { received: true, applied: await this.payments.apply(event, 'webhook') };
  }
}
