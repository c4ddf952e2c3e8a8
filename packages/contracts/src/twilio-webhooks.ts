/**
 * The addresses Twilio calls us back on, written once: the worker puts them on each text and
 * call it asks Twilio for, the API mounts its webhooks there and checks each request's
 * X-Twilio-Signature against the same address (Twilio signs the full URL it called).
 */

/** Every Twilio webhook lives under one of these; the API parses Twilio's form bodies only there. */
export const TWILIO_WEBHOOK_PREFIXES = ['/api/sms', '/api/voice'] as const;

/** Where Twilio reports each text's fate (queued, sent, delivered, undelivered, failed). */
export const SMS_STATUS_PATH = '/api/sms/status';

/** The three addresses of one escalation call, keyed by the call's opaque token. */
export const voiceCallPaths = (token: string) => {
  const base = `/api/voice/calls/${encodeURIComponent(token)}`;
  return { twiml: `${base}/twiml`, gather: `${base}/gather`, status: `${base}/status` };
};

/** A webhook path (with its query, if any) as the full URL Twilio calls and signs: PUBLIC_URL in front. */
export function twilioWebhookUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

/** A Twilio webhook's form as posted: names as Twilio writes them (MessageSid, CallStatus, Digits...), every value a string. */
export type TwilioWebhookForm = Record<string, string>;
