/**
 * Texts both ways: what Twilio's inbound webhook carries, what we took a text for, and a job's
 * conversation with its customer as the board shows it.
 */

/** The part of Twilio's inbound message webhook we read (form-urlencoded; Twilio sends more, all signed). */
export interface InboundSmsWebhook {
  MessageSid: string;
  AccountSid?: string;
  From: string;
  To?: string;
  Body: string;
}

/**
 * What an inbound text was taken for: an owner's acknowledgement or ETA, a customer's word on
 * their open job, an SOS, an opt-out or opt-in, an owner's text we could not read, or anything else.
 */
export type InboundSmsKind = 'ack' | 'eta' | 'conversation' | 'sos' | 'opt-out' | 'opt-in' | 'oncall-help' | 'other';

/** Twilio's opt-out and opt-in keywords (whole message, any case): Twilio honours them too. */
export const SMS_OPT_OUT_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const SMS_OPT_IN_WORDS = ['START', 'UNSTOP'] as const;

/** One text of a job's conversation: the customer's (inbound) or the dispatcher's (outbound, sent as SMS). */
export interface JobMessage {
  id: number;
  jobId: string;
  direction: 'inbound' | 'outbound';
  body: string;
  /** The staff member who wrote an outbound text; null for the customer's. */
  author: string | null;
  at: string;
}

/** The dispatcher's answer in a job's thread: one SMS segment's worth of words at most a few times over. */
export interface SendJobMessageRequest {
  body: string;
}

/** An answer the board sends fits a few SMS segments: longer costs more and reads worse on a phone. */
export const JOB_MESSAGE_MAX_LENGTH = 480;
