import { Body, Controller, StreamableFile } from '@nestjs/common';
import MessagingResponse from 'twilio/lib/twiml/MessagingResponse.js';
import { toE164 } from '@towing/contracts';
import { fieldError } from '../common/errors.js';
import { Endpoint } from '../common/endpoint.js';
import { type TwilioForm, TwilioWebhook } from '../common/twilio-signature.js';
import { type InboundText, SmsInboundService } from './sms-inbound.service.js';

/** Twilio's message SIDs: SM (a text) or MM (with media), then 32 hex digits. */
const MESSAGE_SID = /^(?:SM|MM)[0-9a-f]{32}$/i;
/** Twilio joins a long text's segments into one body of at most 1,600 characters. */
const BODY_MAX = 1600;

/** The fields we act on, from a form Twilio signed; a form without them is refused with the field named. */
function inboundText(form: TwilioForm): InboundText {
  const messageSid = form.MessageSid ?? '';
  if (!MESSAGE_SID.test(messageSid)) throw fieldError(400, 'MessageSid', 'MessageSid must be a Twilio message SID');
  // An alphanumeric sender or a short code cannot be answered, acknowledged for or texted back.
  const from = toE164(form.From ?? '');
  if (!from || from !== form.From) throw fieldError(400, 'From', 'From must be a phone number in E.164 form');
  const body = (form.Body ?? '').trim();
  if (body.length > BODY_MAX) throw fieldError(400, 'Body', `Body must be at most ${BODY_MAX} characters`);
  return { messageSid, from, body };
}

/** TwiML that sends nothing: every reply goes out as a text of our own, through the SMS policy. */
const EMPTY_TWIML = Buffer.from(new MessagingResponse().toString());

@Controller()
export class SmsInboundController {
  constructor(private readonly inbound: SmsInboundService) {}

  @Endpoint('POST /api/sms/inbound')
  @TwilioWebhook()
  async receive(@Body() form: TwilioForm): Promise<StreamableFile> {
    await this.inbound.receive(inboundText(form));
    return new StreamableFile(EMPTY_TWIML, { type: 'text/xml; charset=utf-8', length: EMPTY_TWIML.length });
  }
}
