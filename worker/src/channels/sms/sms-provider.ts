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
}
