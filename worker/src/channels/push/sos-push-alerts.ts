import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import pLimit from 'p-limit';
import { DataSource } from 'typeorm';
import {
  drivesTrucks,
  formatPerthDateTime,
  googleMapsUrl,
  PUSH_ACK_TOKEN_LIFETIME_MS,
  SOS_PUSH_TTL_SECONDS,
  sosPushTag,
  type SosPushPayload,
  type User,
} from '@towing/contracts';
import { type JobEntity, PushSubscriptionEntity, resolveVapidKeys, toNotificationView, type VapidKeyPair } from '@towing/db';
import { currentRequestId, ENVIRONMENT, type Environment, signPushAckToken, SocketEmitter } from '@towing/platform';
import type { AlongsideRead } from '../../notifications/job-message-context.js';
import { type NewNotification, NotificationRows, type Outcome } from '../../notifications/notification-rows.js';
import { PushServiceClient, type PushTarget } from './push-service.js';

/** Who gets SOS pushes: the staff roles (the subscription routes admit only them; a demoted user's devices stop). */
const STAFF_ROLES = ['admin', 'driver'] as const;

/** A staff device with alerts on, and what an SOS push to it needs of its owner. */
export interface StaffDevice extends PushTarget {
  id: number;
  owner: Pick<User, 'username' | 'role' | 'drives'>;
}

/** One device's push of an SOS: its payload, and its row's key in the notifications log. */
interface DevicePush {
  device: StaffDevice;
  payload: SosPushPayload;
  dedupeKey: string;
}

/** What the caller wrote shows at most this much on a lock screen; the board has the rest. */
const LIMITS = { customerName: 40, location: 80 } as const;
/** Devices pushed to at once. */
const PARALLEL_PUSHES = 16;

function cut(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text;
}

/** "Waiting since 2:14 am (6 min)": how long, as a phone pulled from a pocket minutes later still reads it right. */
function waiting(job: JobEntity, now: Date): string {
  const minutes = Math.floor((now.getTime() - job.createdAt.getTime()) / 60_000);
  return `Waiting since ${formatPerthDateTime(job.createdAt)}${minutes >= 1 ? ` (${minutes} min)` : ''}`;
}

/**
 * A new SOS pushes to every staff device with alerts on, all at once, beside the on-call SMS
 * (never instead of it): urgency high, kept by the push service only briefly, one topic and tag
 * per SOS so a later push about it replaces the earlier one. Each push is a row of the
 * notifications log (channel push) with its outcome; a subscription its push service says is
 * gone (404/410) is deleted.
 */
@Injectable()
export class SosPushAlerts {
  private readonly logger = new Logger(SosPushAlerts.name);
  private keys?: VapidKeyPair;
  private readonly rows: NotificationRows;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly pushService: PushServiceClient,
    private readonly realtime: SocketEmitter,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {
    this.rows = new NotificationRows(dataSource);
  }

  /**
   * The staff devices to alert, read with the SOS (JobMessageContext.load): every subscription
   * of a user in a staff role, oldest first, with what the payload needs of its owner.
   */
  readonly devices: AlongsideRead<StaffDevice[]> = {
    params: [[...STAFF_ROLES]],
    sql: ([roles]) => ({
      answer: `(SELECT COALESCE(json_agg(json_build_object('id', s.id, 'endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth,
        'owner', json_build_object('username', u.username, 'role', u.role, 'drives', u.drives)) ORDER BY s.id), '[]'::json)
        FROM push_subscriptions s JOIN users u ON u.id = s.user_id WHERE u.role = ANY(${roles}))`,
    }),
    read: (answer) => answer as StaffDevice[],
  };

  /**
   * Pushes a new SOS to every device given (`devices`, read with it); settles each device's push
   * in the log. Every device's row is written in one statement before any push goes.
   */
  async sosCreated(eventId: string, job: JobEntity, devices: StaffDevice[]): Promise<void> {
    if (devices.length === 0) return;
    const keys = await this.vapidKeys();
    if (!keys) return;
    const now = new Date();
    const pushes = devices.map((device) => ({ device, payload: this.payload(job, keys, device.owner, now), dedupeKey: `${eventId}:push:${device.id}` }));
    const written = new Set((await this.rows.insert(pushes.map(({ device, payload, dedupeKey }) => this.logRow(job, device, payload, dedupeKey)))).map((row) => row.dedupeKey));
    const limit = pLimit(PARALLEL_PUSHES);
    const results = await Promise.allSettled(pushes.map((push) => limit(() => this.pushTo(keys, push, written.has(push.dedupeKey)))));
    const failures = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failures.length > 0) {
      throw new AggregateError(failures.map((failure) => failure.reason), `${failures.length} of ${devices.length} push(es) failed`);
    }
  }

  private async vapidKeys(): Promise<VapidKeyPair | undefined> {
    this.keys ??= await resolveVapidKeys(this.environment, this.dataSource);
    return this.keys;
  }

  /** The payload for one device: its Acknowledge token is signed for the device's owner. */
  private payload(job: JobEntity, keys: VapidKeyPair, owner: StaffDevice['owner'], now: Date): SosPushPayload {
    const fix = job.gpsLat !== null && job.gpsLng !== null ? { lat: job.gpsLat, lng: job.gpsLng } : null;
    return {
      kind: 'sos',
      tag: sosPushTag(job.id),
      title: `SOS ${job.id}: ${cut(job.customerName, LIMITS.customerName)}`,
      body: `${cut(job.location, LIMITS.location)}\n${waiting(job, now)}`,
      jobId: job.id,
      // Whoever drives acts from /driver on the phone; the office from the board.
      openUrl: `${this.environment.publicUrl}${drivesTrucks(owner) ? '/driver' : '/admin'}`,
      navigateUrl: fix && googleMapsUrl(fix),
      ackToken: job.acknowledgedAt ? null : signPushAckToken(keys, { jobId: job.id, owner: owner.username, expiresAt: now.getTime() + PUSH_ACK_TOKEN_LIFETIME_MS }),
    };
  }

  /** A device's push as the notifications log shows it, being sent. */
  private logRow(job: JobEntity, device: StaffDevice, payload: SosPushPayload, dedupeKey: string): NewNotification {
    return {
      dedupeKey,
      type: 'push',
      jobId: job.id,
      quoteId: null,
      recipientPhone: null,
      recipientEmail: null,
      subject: `Alert to ${device.owner.username}'s device ${device.id}`,
      message: `${payload.title}\n${payload.body}`,
      customerInfo: null,
      requestId: currentRequestId() ?? null,
      status: 'sending',
      error: null,
    };
  }

  /**
   * One device, at most once per event: a row an earlier attempt wrote (`written` false) is
   * taken again only if that attempt did not settle it.
   */
  private async pushTo(keys: VapidKeyPair, { device: subscription, payload, dedupeKey }: DevicePush, written: boolean): Promise<void> {
    if (!written && !(await this.rows.claim(dedupeKey, ['pending', 'sending', 'failed']))) return;

    let outcome;
    try {
      outcome = await this.pushService.send(keys, this.environment.vapidSubject, subscription, {
        payload: JSON.stringify(payload),
        ttlSeconds: SOS_PUSH_TTL_SECONDS,
        urgency: 'high',
        topic: payload.tag,
      });
    } catch (error) {
      await this.settle(dedupeKey, { status: 'failed', error: (error as Error).message || String(error) });
      throw error;
    }
    if (outcome.kind === 'accepted') return this.settle(dedupeKey, { status: 'sent', sentAt: new Date(), providerMessageId: null });
    if (outcome.kind === 'gone') {
      await this.dataSource.getRepository(PushSubscriptionEntity).delete({ id: subscription.id });
      this.logger.log(`Push subscription ${subscription.id} of ${subscription.owner.username} is gone (${outcome.status}); removed`);
      // Settled for good: this device is not pushed again.
      return this.settle(dedupeKey, { status: 'refused', error: `The device's subscription has expired (${outcome.status}); it was removed` });
    }
    await this.settle(dedupeKey, { status: 'failed', error: outcome.reason });
    // The push service was overloaded or down: the event is tried again (the other devices' pushes stand).
    if (outcome.status === 429 || outcome.status >= 500) throw new Error(`Push service answered ${outcome.reason}`);
  }

  private async settle(dedupeKey: string, outcome: Outcome): Promise<void> {
    const settled = await this.rows.settle(dedupeKey, outcome);
    if (settled) this.realtime.toAdminLog('notifications', 'notification:updated', toNotificationView(settled));
  }
}
