import { Inject, Injectable, Logger, type NotFoundException, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { DataSource, IsNull, MoreThan } from 'typeorm';
import type { Announcement } from '@towing/contracts';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { AnnouncementEntity, toAnnouncementView } from '@towing/db';
import { notFound } from '../common/errors.js';
import { REDIS_PRODUCER } from '../redis/redis.module.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import type { AnnouncementInputDto } from './dto/announcement-input.dto.js';

/** setTimeout's ceiling (about 24.8 days); a later expiry is re-examined when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Fire just after the instant, so the expired row is already out of the active list. */
const EXPIRY_SLACK_MS = 25;

/**
 * Announcements and the public active list. Every change, and every expiry with nobody
 * touching anything, pushes the active list to every browser. Each API instance keeps its
 * own timer for the next expiry and hears of the others' changes over Redis, so an expiry is
 * pushed even when the instance that saved it has gone; the first instance to claim the expiry
 * in Redis pushes it, so browsers get it once (twice only while Redis is away, which is harmless:
 * the push is the whole list).
 */
@Injectable()
export class AnnouncementsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AnnouncementsService.name);
  private expiryTimer?: NodeJS.Timeout;
  private stopped = false;
  private subscriber?: Redis;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly realtime: RealtimeService,
    @Inject(REDIS_PRODUCER) private readonly redis: Redis,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  private get channel(): string {
    return `${this.environment.redisPrefix}:announcements:changed`;
  }

  private get repository() {
    return this.dataSource.getRepository(AnnouncementEntity);
  }

  async list(): Promise<Announcement[]> {
    const announcements = await this.repository.find({ order: { createdAt: 'DESC', id: 'DESC' } });
    return announcements.map(toAnnouncementView);
  }

  /** Active and not expired: what the public site shows. */
  async listActive(now = new Date()): Promise<Announcement[]> {
    const announcements = await this.repository.find({
      where: [
        { active: true, expiresAt: IsNull() },
        { active: true, expiresAt: MoreThan(now) },
      ],
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return announcements.map(toAnnouncementView);
  }

  async create(dto: AnnouncementInputDto, createdBy: string): Promise<Announcement> {
    const saved = await this.repository.save(this.repository.create({ ...this.fields(dto), createdBy }));
    await this.changed();
    return toAnnouncementView(saved);
  }

  async replace(id: number, dto: AnnouncementInputDto): Promise<Announcement> {
    const result = await this.repository.update({ id }, this.fields(dto));
    if (!result.affected) throw announcementNotFound(id);
    await this.changed();
    return toAnnouncementView(await this.repository.findOneByOrFail({ id }));
  }

  async remove(id: number): Promise<void> {
    const result = await this.repository.delete({ id });
    if (!result.affected) throw announcementNotFound(id);
    await this.changed();
  }

  async onApplicationBootstrap(): Promise<void> {
    // A subscriber waits for Redis and resubscribes by itself after a reconnect.
    this.subscriber = this.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, lazyConnect: false });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', () => {
      this.scheduleNextExpiry().catch((error: Error) => this.logger.warn(`Could not reschedule announcement expiry: ${error.message}`));
    });
    void this.subscriber.subscribe(this.channel).catch((error: Error) => this.logger.warn(`Announcement changes from other instances are not heard: ${error.message}`));
    await this.scheduleNextExpiry();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.expiryTimer);
    this.subscriber?.disconnect();
  }

  private fields(dto: AnnouncementInputDto) {
    return {
      title: dto.title.trim(),
      message: dto.message.trim(),
      type: dto.type,
      active: dto.active,
      showAsPopup: dto.showAsPopup,
      showInSidebar: dto.showInSidebar,
      expiresAt: dto.expiresAt ? new Date(dto.expiresAt) : null,
    };
  }

  private async changed(): Promise<void> {
    await this.pushActive();
    await this.scheduleNextExpiry();
    // Other instances re-read the next expiry; without Redis they still have their own timers.
    await this.redis.publish(this.channel, 'changed').catch((error: Error) => this.logger.warn(`Could not tell other instances: ${error.message}`));
  }

  /** One instance pushes each expiry: the one that claims it first. */
  private async expired(due: number): Promise<void> {
    const claimed = await this.redis
      .set(`${this.environment.redisPrefix}:announcements:expired:${due}`, this.environment.port, 'PX', 60_000, 'NX')
      .catch(() => 'OK');
    if (claimed) await this.changed();
    else await this.scheduleNextExpiry();
  }

  private async pushActive(): Promise<void> {
    this.realtime.toEveryone('announcements:changed', await this.listActive());
  }

  private async scheduleNextExpiry(): Promise<void> {
    const next = await this.repository.findOne({
      where: { active: true, expiresAt: MoreThan(new Date()) },
      order: { expiresAt: 'ASC' },
    });
    clearTimeout(this.expiryTimer);
    this.expiryTimer = undefined;
    if (!next?.expiresAt || this.stopped) return;
    const delay = Math.min(next.expiresAt.getTime() - Date.now() + EXPIRY_SLACK_MS, MAX_TIMER_MS);
    const due = next.expiresAt.getTime();
    this.expiryTimer = setTimeout(() => {
      this.expiryTimer = undefined;
      // A timer capped at the ceiling fires before the expiry: only look again.
      const work = Date.now() >= due ? this.expired(due) : this.scheduleNextExpiry();
      work.catch((error: Error) => this.logger.warn(`Could not push announcement expiry: ${error.message}`));
    }, Math.max(delay, 0));
  }
}

function announcementNotFound(id: number): NotFoundException {
  return notFound(`Announcement ${id} not found`);
}
