import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import pLimit from 'p-limit';
import { DataSource, In } from 'typeorm';
import {
  drivesTrucks,
  formatPerthDateTime,
  googleMapsUrl,
  PUSH_ACK_TOKEN_LIFETIME_MS,
  SOS_PUSH_TTL_SECONDS,
  sosPushTag,
  type DomainEventEnvelope,
  type NotificationStatus,
  type SosPushPayload,
} from '@towing/contracts';
import { JobEntity, NotificationEntity, PushSubscriptionEntity, resolveVapidKeys, returnedEntities, toNotificationView, type UserEntity, type VapidKeyPair } from '@towing/db';
import { ENVIRONMENT, type Environment, signPushAckToken, SocketEmitter } from '@towing/platform';
import { PushServiceClient } from './push-service.js';

/** Who gets SOS pushes: the staff roles (the subscription routes admit only them; a demoted user's devices stop). */
const STAFF_ROLES = ['admin', 'driver'] as const;

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

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly pushService: PushServiceClient,
    private readonly realtime: SocketEmitter,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async sosCreated(event: DomainEventEnvelope<'sos.created'>): Promise<void> {
    const { jobId, admission } = event.payload;
    // Held past its source's allowance (sos-admission): nobody is alerted until a dispatcher releases it.
    if (admission?.held) return;
    const keys = await this.vapidKeys();
    if (!keys) return;
    const job = await this.dataSource.getRepository(JobEntity).findOneBy({ id: jobId });
    if (!job) return;
    const subscriptions = await this.dataSource
      .getRepository(PushSubscriptionEntity)
      .find({ where: { user: { role: In([...STAFF_ROLES]) } }, relations: { user: true }, order: { id: 'ASC' } });
    const limit = pLimit(PARALLEL_PUSHES);
    const results = await Promise.allSettled(subscriptions.map((subscription) => limit(() => this.pushTo(event.id, job, keys, subscription))));
    const failures = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failures.length > 0) {
      throw new AggregateError(failures.map((failure) => failure.reason), `${failures.length} of ${subscriptions.length} push(es) failed`);
    }
  }

  private async vapidKeys(): Promise<VapidKeyPair | undefined> {
    this.keys ??= await resolveVapidKeys(this.environment, this.dataSource);
    return this.keys;
  }

  /** The payload for one device: its Acknowledge token is signed for the device's owner. */
  private payload(job: JobEntity, keys: VapidKeyPair, owner: UserEntity, now: Date): SosPushPayload {
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

  /** One device, at most once per event: a redelivered event skips the devices whose push was settled. */
  private async pushTo(eventId: string, job: JobEntity, keys: VapidKeyPair, subscription: PushSubscriptionEntity): Promise<void> {
    const payload = this.payload(job, keys, subscription.user, new Date());
    const dedupeKey = `${eventId}:push:${subscription.id}`;
    const notifications = this.dataSource.getRepository(NotificationEntity);
    await notifications
      .createQueryBuilder()
      .insert()
      .values({ dedupeKey, type: 'push', jobId: job.id, subject: `Alert to ${subscription.user.username}'s device ${subscription.id}`, message: `${payload.title}\n${payload.body}` })
      .orIgnore()
      .execute();
    const claimed = await notifications
      .createQueryBuilder()
      .update()
      .set({ status: 'sending', attempts: () => 'attempts + 1', error: null })
      .where({ dedupeKey, status: In(['pending', 'sending', 'failed']) })
      .returning('id')
      .execute();
    if ((claimed.raw as unknown[]).length === 0) return;

    let outcome;
    try {
      outcome = await this.pushService.send(keys, this.environment.vapidSubject, subscription, {
        payload: JSON.stringify(payload),
        ttlSeconds: SOS_PUSH_TTL_SECONDS,
        urgency: 'high',
        topic: payload.tag,
      });
    } catch (error) {
      const reason = (error as Error).message || String(error);
      await this.settle(dedupeKey, 'failed', reason);
      throw error;
    }
    if (outcome.kind === 'accepted') return this.settle(dedupeKey, 'sent', null);
    if (outcome.kind === 'gone') {
      await this.dataSource.getRepository(PushSubscriptionEntity).delete({ id: subscription.id });
      this.logger.log(`Push subscription ${subscription.id} of ${subscription.user.username} is gone (${outcome.status}); removed`);
      // Settled for good: this device is not pushed again.
      return this.settle(dedupeKey, 'refused', `The device's subscription has expired (${outcome.status}); it was removed`);
    }
    await this.settle(dedupeKey, 'failed', outcome.reason);
    // The push service was overloaded or down: the event is tried again (the other devices' pushes stand).
    if (outcome.status === 429 || outcome.status >= 500) throw new Error(`Push service answered ${outcome.reason}`);
  }

  private async settle(dedupeKey: string, status: NotificationStatus, error: string | null): Promise<void> {
    const settled = await this.dataSource
      .getRepository(NotificationEntity)
      .createQueryBuilder()
      .update()
      .set({ status, error: error?.slice(0, 2000) ?? null, sentAt: status === 'sent' ? new Date() : null })
      .where({ dedupeKey })
      .returning('*')
      .execute();
    for (const notification of returnedEntities(this.dataSource, NotificationEntity, settled.raw)) {
      this.realtime.toAdminLog('notifications', 'notification:updated', toNotificationView(notification));
    }
  }
}
