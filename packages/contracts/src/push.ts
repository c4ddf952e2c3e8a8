/** A browser's push subscription as PushSubscription.toJSON() gives it (RFC 8030 endpoint, RFC 8291 keys). */
export interface PushSubscriptionRequest {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** DELETE /api/push/subscriptions: the device that turns its alerts off. */
export interface PushSubscriptionQuery {
  endpoint: string;
}

/** The key browsers subscribe with; null when this server sends no push (no VAPID keys). */
export interface PushKeyResponse {
  publicKey: string | null;
}

/** A notification's Acknowledge action, from the service worker: the push's signed token is the proof. */
export interface PushAcknowledgeRequest {
  token: string;
}

export interface PushAcknowledgeResponse {
  jobId: string;
  /** Who the job's acknowledgement is recorded for (the first to acknowledge). */
  acknowledgedBy: string;
}

/** The notification actions of an SOS push. */
export const PUSH_ACTIONS = { acknowledge: 'acknowledge', navigate: 'navigate' } as const;

/**
 * What an SOS push carries (encrypted, RFC 8291), and what the service worker shows: the same
 * `tag` replaces the notification an earlier push about this SOS left.
 */
export interface SosPushPayload {
  kind: 'sos';
  tag: string;
  title: string;
  body: string;
  jobId: string;
  /** Opened by a tap on the notification. */
  openUrl: string;
  /** Opened by Navigate: the stored fix in Google Maps; null without a fix (Navigate is not offered). */
  navigateUrl: string | null;
  /** Signed for this push's device owner; null once the SOS is acknowledged (Acknowledge is not offered). */
  ackToken: string | null;
}

/** Push services keep an SOS alert this long for a phone that is off or out of coverage; later it is stale. */
export const SOS_PUSH_TTL_SECONDS = 120;

/** How long a push's Acknowledge action works: a notification left on the lock screen through the night. */
export const PUSH_ACK_TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** The tag and RFC 8030 Topic of one SOS's pushes (Topic: at most 32 URL-safe base64 characters). */
export function sosPushTag(jobId: string): string {
  return `sos-${jobId.replace(/[^A-Za-z0-9_-]/g, '')}`.slice(0, 32);
}
