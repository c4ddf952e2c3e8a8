import { applyDecorators, type CanActivate, type ExecutionContext, HttpCode, Inject, Injectable, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { urlencoded } from 'express';
// The SDK's webhook module alone: the API never calls Twilio, and the whole SDK costs every start a third of a second.
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import { twilioWebhookUrl } from '@towing/contracts';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { Access } from './access.js';
import { forbidden } from './errors.js';

export { twilioWebhookUrl } from '@towing/contracts';

/** Twilio's webhooks post a flat form; far below this even with every optional field. */
const TWILIO_FORM_LIMIT = '32kb';
export const TWILIO_SIGNATURE_MESSAGE = 'This request is not signed by Twilio';

/**
 * Parses Twilio's application/x-www-form-urlencoded bodies. Mounted on the webhook prefixes
 * only (contracts TWILIO_WEBHOOK_PREFIXES): everywhere else the API takes JSON alone, so a page
 * on another site cannot post a plain HTML form to it.
 */
export const twilioFormBody = urlencoded({ extended: false, limit: TWILIO_FORM_LIMIT, parameterLimit: 200 });

/** The form as Twilio posted it: every value a string. */
export type TwilioForm = Record<string, string | undefined>;

/**
 * Admits only requests Twilio signed: X-Twilio-Signature must be the HMAC-SHA1, keyed by our
 * auth token, of the URL Twilio called (PUBLIC_URL + path and query) and the posted form, as
 * the twilio SDK's validateRequest computes it. Anything else (no signature, a wrong one, a
 * body that is not Twilio's form, Twilio not configured) is a 403 before the handler runs, so
 * nothing is read or stored from it.
 */
@Injectable()
export class TwilioSignatureGuard implements CanActivate {
  constructor(@Inject(ENVIRONMENT) private readonly environment: Environment) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const authToken = this.environment.twilio?.authToken;
    const signature = request.header('x-twilio-signature');
    const form: unknown = request.body;
    const signed =
      authToken !== undefined &&
      signature !== undefined &&
      Boolean(request.is('application/x-www-form-urlencoded')) &&
      typeof form === 'object' &&
      form !== null &&
      validateRequest(authToken, signature, twilioWebhookUrl(this.environment.publicUrl, request.originalUrl), { ...form });
    if (!signed) throw forbidden(TWILIO_SIGNATURE_MESSAGE);
    return true;
  }
}

/** A route Twilio calls: public, signature-checked, answering 200 as Twilio expects (one answering 204 puts @HttpCode(204) above it, which then wins). */
export const TwilioWebhook = () => applyDecorators(Access('public'), UseGuards(TwilioSignatureGuard), HttpCode(200));
