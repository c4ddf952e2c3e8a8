import { randomBytes } from 'node:crypto';
import { twilioSignature } from './twilio-peer.js';

/** Where Twilio posts an inbound text, and what it signs with. */
export interface InboundWebhookTarget {
  /** The address the request really goes to (a test's API process). */
  baseUrl: string;
  /** PUBLIC_URL: Twilio signs the URL it was configured with, which is the public one. */
  publicUrl: string;
  accountSid: string;
  authToken: string;
  /** Our Twilio number, the text's To. */
  to: string;
}

export interface InboundSms {
  from: string;
  body: string;
  /** Twilio's id for the text; a redelivery repeats it. A new one when not given. */
  messageSid?: string;
  /** How the request is signed: as Twilio does (default), with another token, or not at all. */
  signature?: 'valid' | 'wrong' | 'missing';
}

export interface WebhookAnswer {
  status: number;
  contentType: string | null;
  text: string;
}

export const INBOUND_SMS_PATH = '/api/sms/inbound';

/** A new message SID in Twilio's form: SM and 32 hex digits. */
export function newMessageSid(): string {
  return `SM${randomBytes(16).toString('hex')}`;
}

/**
 * Twilio's side of an inbound text: the form it posts (every field Twilio sends for a plain SMS)
 * and the X-Twilio-Signature it computes over the configured URL and the form, with the twilio
 * SDK's own signature function, so the API sees exactly what Twilio would send it.
 */
export class TwilioInboundPeer {
  constructor(private readonly target: InboundWebhookTarget) {}

  /** From a stack's variables: the Twilio peer's account and token, PUBLIC_URL, our number. */
  static forStack(stack: { api: { baseUrl: string }; variables: NodeJS.ProcessEnv }): TwilioInboundPeer {
    const { PUBLIC_URL, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM } = stack.variables;
    return new TwilioInboundPeer({ baseUrl: stack.api.baseUrl, publicUrl: PUBLIC_URL!, accountSid: TWILIO_ACCOUNT_SID!, authToken: TWILIO_AUTH_TOKEN!, to: TWILIO_FROM! });
  }

  form(sms: InboundSms & { messageSid: string }): Record<string, string> {
    return {
      ToCountry: 'AU',
      ToState: '',
      SmsMessageSid: sms.messageSid,
      NumMedia: '0',
      ToCity: '',
      FromZip: '',
      SmsSid: sms.messageSid,
      FromState: '',
      SmsStatus: 'received',
      FromCity: '',
      Body: sms.body,
      FromCountry: 'AU',
      To: this.target.to,
      ToZip: '',
      NumSegments: String(Math.max(1, Math.ceil(sms.body.length / 153))),
      MessageSid: sms.messageSid,
      AccountSid: this.target.accountSid,
      From: sms.from,
      ApiVersion: '2010-04-01',
    };
  }

  /** Posts the text as Twilio would; answers the API's answer and the SID used (to redeliver it). */
  async send(sms: InboundSms): Promise<WebhookAnswer & { messageSid: string }> {
    const messageSid = sms.messageSid ?? newMessageSid();
    const form = this.form({ ...sms, messageSid });
    const url = `${this.target.publicUrl.replace(/\/+$/, '')}${INBOUND_SMS_PATH}`;
    const signature = sms.signature ?? 'valid';
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'TwilioProxy/1.1' };
    if (signature !== 'missing') {
      const token = signature === 'valid' ? this.target.authToken : `${this.target.authToken}-not`;
      headers['x-twilio-signature'] = await twilioSignature(token, url, form);
    }
    const response = await fetch(`${this.target.baseUrl}${INBOUND_SMS_PATH}`, { method: 'POST', headers, body: new URLSearchParams(form).toString() });
    return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text(), messageSid };
  }
}
