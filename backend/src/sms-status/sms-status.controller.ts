import { Body, Controller, HttpCode } from '@nestjs/common';
import { Endpoint } from '../common/endpoint.js';
import { type TwilioForm, TwilioWebhook } from '../common/twilio-signature.js';
import { SmsStatusService } from './sms-status.service.js';

@Controller()
export class SmsStatusController {
  constructor(private readonly statuses: SmsStatusService) {}

  /** Twilio's status callback of every text we send (statusCallback); signed by Twilio or refused with a 403. */
  @Endpoint('POST /api/sms/status')
  @HttpCode(204)
  @TwilioWebhook()
  async status(@Body() form: TwilioForm): Promise<void> {
    const messageSid = form.MessageSid ?? form.SmsSid;
    const messageStatus = form.MessageStatus ?? form.SmsStatus;
    if (!messageSid || !messageStatus) return;
    const code = Number(form.ErrorCode);
    await this.statuses.receive({ messageSid, messageStatus, errorCode: form.ErrorCode && Number.isInteger(code) ? code : null });
  }
}
