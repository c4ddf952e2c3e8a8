import { Body, Controller, HttpCode, Param, StreamableFile } from '@nestjs/common';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { type TwilioForm, TwilioWebhook } from '../common/twilio-signature.js';
import { EscalationService } from './escalation.service.js';

/**
 * The escalation ladder's calls, as Twilio asks us about them. Every request must carry a valid
 * X-Twilio-Signature (TwilioWebhook) and a token of a call we placed: anything else is a 403
 * and changes nothing.
 */
@Controller()
export class VoiceController {
  constructor(private readonly escalation: EscalationService) {}

  @Endpoint('POST /api/voice/calls/:token/twiml')
  @TwilioWebhook()
  twiml(@Param('token') token: string): Promise<StreamableFile> {
    return this.escalation.twiml(token);
  }

  @Endpoint('POST /api/voice/calls/:token/gather')
  @TwilioWebhook()
  gather(@Param('token') token: string, @Body() form: TwilioForm): Promise<StreamableFile> {
    return this.escalation.keypress(token, form.Digits);
  }

  @Endpoint('POST /api/voice/calls/:token/status')
  @HttpCode(204)
  @TwilioWebhook()
  status(@Param('token') token: string, @Body() form: TwilioForm): Promise<void> {
    return this.escalation.callEnded(token, form.CallStatus);
  }
}

/** The board's SOS card: the ladder's steps for one SOS. */
@Controller()
export class EscalationTrailController {
  constructor(private readonly escalation: EscalationService) {}

  @Endpoint('GET /api/jobs/:id/escalation')
  @Access('admin')
  trail(@Param('id') id: string) {
    return this.escalation.trail(id);
  }
}
