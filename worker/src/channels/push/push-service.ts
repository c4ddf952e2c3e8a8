import { Injectable } from '@nestjs/common';
import webpush, { WebPushError } from 'web-push';
import type { VapidKeyPair } from '@towing/db';

/** A device's subscription as its push service and the payload encryption need it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushRequest {
  payload: string;
  /** Seconds the push service keeps it for a device that is off. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A later push with the same topic replaces this one while it waits at the push service. */
  topic: string;
}

/** What the push service answered: accepted, the subscription is gone (404/410), or refused. */
export type PushOutcome = { kind: 'accepted'; status: number } | { kind: 'gone'; status: number } | { kind: 'refused'; status: number; reason: string };

/** A push service that does not answer within this long is counted as failed; the event is tried again. */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Sends one push (RFC 8030) with the payload encrypted for the device (RFC 8291, aes128gcm)
 * and signed with our VAPID keys (RFC 8292), through the web-push library.
 */
@Injectable()
export class PushServiceClient {
  async send(keys: VapidKeyPair, subject: string, target: PushTarget, request: PushRequest): Promise<PushOutcome> {
    try {
      const answer = await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, request.payload, {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: request.ttlSeconds,
        urgency: request.urgency,
        topic: request.topic,
        contentEncoding: 'aes128gcm',
        timeout: PUSH_TIMEOUT_MS,
      });
      return { kind: 'accepted', status: answer.statusCode };
    } catch (error) {
      if (!(error instanceof WebPushError)) throw error;
      if (error.statusCode === 404 || error.statusCode === 410) return { kind: 'gone', status: error.statusCode };
      return { kind: 'refused', status: error.statusCode, reason: `${error.statusCode} ${error.body || error.message}`.trim().slice(0, 500) };
    }
  }
}
