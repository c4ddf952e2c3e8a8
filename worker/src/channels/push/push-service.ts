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

/** A VAPID signature (RFC 8292) may claim up to 24 hours; ours claim 12, as web-push's do. */
const VAPID_CLAIM_SECONDS = 12 * 3600;
/** A signature is made again after this long: well inside its claim, and within a key change's hour. */
const VAPID_REUSE_MS = 3600_000;

/**
 * Sends one push (RFC 8030) with the payload encrypted for the device (RFC 8291, aes128gcm)
 * and signed with our VAPID keys (RFC 8292), through the web-push library.
 */
@Injectable()
export class PushServiceClient {
  /** Signatures by push service (its origin), our key and subject: signing is half of a push's CPU, so one serves an SOS's every device. */
  private readonly signatures = new Map<string, { authorization: string; until: number }>();

  async send(keys: VapidKeyPair, subject: string, target: PushTarget, request: PushRequest): Promise<PushOutcome> {
    try {
      const answer = await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, request.payload, {
        // Signed here, once an hour per push service, instead of by web-push for every push (no vapidDetails).
        headers: { Authorization: this.authorization(keys, subject, target.endpoint) },
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

  private authorization(keys: VapidKeyPair, subject: string, endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const cacheKey = `${audience} ${subject} ${keys.publicKey}`;
    const now = Date.now();
    let signed = this.signatures.get(cacheKey);
    if (!signed || signed.until <= now) {
      const expiration = Math.floor(now / 1000) + VAPID_CLAIM_SECONDS;
      signed = { authorization: webpush.getVapidHeaders(audience, subject, keys.publicKey, keys.privateKey, 'aes128gcm', expiration).Authorization, until: now + VAPID_REUSE_MS };
      this.signatures.set(cacheKey, signed);
    }
    return signed.authorization;
  }
}
