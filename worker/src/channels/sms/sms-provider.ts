export interface SmsMessage {
  /** E.164 number. */
  to: string;
  body: string;
}

export interface Delivery {
  /** False when no provider is configured and the message was only recorded. */
  delivered: boolean;
  providerMessageId: string | null;
}

/** One SMS channel, whatever carries it. */
export abstract class SmsProvider {
  abstract send(message: SmsMessage): Promise<Delivery>;

  /**
   * The same text to the same number that the provider's log shows sent since `since`, or null.
   * Asked before a text is tried again: an attempt that ended without an answer (the worker
   * killed, the connection cut) may have been sent all the same.
   */
  abstract findSent(message: SmsMessage, since: Date): Promise<Delivery | null>;
}
