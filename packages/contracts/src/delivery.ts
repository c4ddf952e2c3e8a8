/**
 * What Twilio's status callbacks tell about each text we sent (POST /api/sms/status), as the
 * notifications log shows it: queued, sent, delivered, undelivered or failed, with the error
 * code in words.
 */
export const DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'undelivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Twilio's message statuses as ours: the in-between ones fold into the nearest; inbound ones are not ours. */
export const TWILIO_MESSAGE_STATUSES: Record<string, DeliveryStatus> = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  canceled: 'failed',
};

/** Later statuses win; a final one (delivered, undelivered, failed) is never overwritten by an earlier one arriving late. */
export const DELIVERY_RANK: Record<DeliveryStatus, number> = { queued: 1, sent: 2, delivered: 3, undelivered: 3, failed: 3 };

export const isUndelivered = (status: DeliveryStatus | null): boolean => status === 'undelivered' || status === 'failed';

/** The common Twilio error codes of a text that did not arrive, in words. */
export const TWILIO_ERROR_MEANINGS: Record<number, string> = {
  21211: 'invalid phone number',
  21408: 'region not enabled for texts',
  21610: 'the recipient opted out (STOP)',
  21612: 'number cannot be reached from our number',
  21614: 'not a mobile number',
  30001: 'queue overflow at Twilio',
  30002: 'Twilio account suspended',
  30003: 'phone unreachable',
  30004: 'message blocked by the recipient',
  30005: 'unknown number',
  30006: 'landline or unreachable carrier',
  30007: 'filtered as spam by the carrier',
  30008: 'unknown error at the carrier',
  30010: 'message price too high',
};

/** An error code as the log and the SOS card say it: its meaning, or "error N" for one not in the list. */
export function deliveryErrorWords(code: number | null): string | null {
  if (code === null) return null;
  return TWILIO_ERROR_MEANINGS[code] ?? `error ${code}`;
}

/** The SOS card's flag when our text to the stranded person did not arrive. */
export const callerUnreachedText = (reason: string): string => `our text did not reach them: ${reason}. Call them.`;
