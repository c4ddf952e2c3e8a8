import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { DomainEventEnvelope } from '@towing/contracts';
import { OutboxEntity } from '@towing/db';
import { DomainEventsQueue } from './domain-events.queue.js';

export const SWEEP_INTERVAL_MS = 2000;
/**
 * Rows younger than this are left to the publish that follows their commit, which can lag
 * by seconds under load; re-publishing them early is harmless but wasted work.
 */
const SWEEP_GRACE_SECONDS = 5;
const SWEEP_BATCH = 200;
/**
 * A published row is marked at most this much later, together with the rows published
 * meanwhile: one UPDATE for many commits. A mark lost to a crash only makes the sweep publish
 * the row again, which the queue ignores (the outbox id is the job id).
 */
const MARK_DELAY_MS = 100;

export function toEnvelope(row: OutboxEntity): DomainEventEnvelope {
  return {
    id: row.id,
    name: row.name as DomainEventEnvelope['name'],
    payload: row.payload as DomainEventEnvelope['payload'],
    occurredAt: row.createdAt.toISOString(),
    ...(row.requestId ? { requestId: row.requestId } : {}),
  };
}

/** Raw SQL: after every commit, where the ORM's update builder cost more than the statement. */
async function markPublished(manager: EntityManager, ids: string[]): Promise<void> {
  await manager.query('UPDATE outbox SET published_at = now() WHERE id = ANY($1::uuid[])', [ids]);
}

/**
 * Moves committed outbox rows onto the queue: at once after each commit, and by a sweep
 * that re-publishes whatever was left behind (Redis down, process killed). Commits that arrive
 * while a publish is on its way go together in the next one (one queue round trip for many
 * under load, none delayed when idle), and marks are written together (MARK_DELAY_MS).
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<number>;
  private readonly unpublished: OutboxEntity[] = [];
  private publishing?: Promise<void>;
  private readonly unmarked: string[] = [];
  private markTimer?: NodeJS.Timeout;
  private marking?: Promise<void>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: DomainEventsQueue,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([this.sweeping, this.publishing]);
    this.markNow();
    await this.marking;
  }

  /** Called after commit; never throws: a failed publish is the sweep's to retry. */
  publishCommitted(rows: OutboxEntity[]): void {
    if (rows.length === 0) return;
    this.unpublished.push(...rows);
    this.publishing ??= this.publishPending();
  }

  /** Publishes until nothing waits; `publishing` is cleared in the same turn as the last check. */
  private async publishPending(): Promise<void> {
    while (this.unpublished.length > 0) {
      const rows = this.unpublished.splice(0, SWEEP_BATCH);
      try {
        await this.queue.publish(rows.map(toEnvelope));
        this.markLater(rows.map((row) => row.id));
      } catch (error) {
        this.logger.warn(`Left ${rows.length} event(s) for the sweep: ${(error as Error).message}`);
      }
    }
    this.publishing = undefined;
  }

  private markLater(ids: string[]): void {
    this.unmarked.push(...ids);
    this.markTimer ??= setTimeout(() => this.markNow(), MARK_DELAY_MS);
  }

  private markNow(): void {
    clearTimeout(this.markTimer);
    this.markTimer = undefined;
    const ids = this.unmarked.splice(0);
    if (ids.length === 0) return;
    const marked = markPublished(this.dataSource.manager, ids).catch((error: Error) =>
      this.logger.warn(`Could not mark ${ids.length} published event(s); the sweep publishes them again: ${error.message}`),
    );
    this.marking = Promise.all([this.marking, marked]).then(() => undefined);
  }

  /** Publishes unpublished rows; safe to run on several API instances at once. */
  sweep(): Promise<number> {
    this.sweeping ??= this.sweepOnce().finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  private async sweepOnce(): Promise<number> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const rows = await manager
          .getRepository(OutboxEntity)
          .createQueryBuilder('outbox')
          .where('outbox.published_at IS NULL')
          .andWhere(`outbox.created_at < now() - make_interval(secs => :grace)`, { grace: SWEEP_GRACE_SECONDS })
          .orderBy('outbox.created_at')
          .limit(SWEEP_BATCH)
          .setLock('pessimistic_write')
          .setOnLocked('skip_locked')
          .getMany();
        if (rows.length === 0) return 0;
        await this.queue.publish(rows.map(toEnvelope));
        await markPublished(manager, rows.map((row) => row.id));
        this.logger.log(`Sweep published ${rows.length} event(s) left behind`);
        return rows.length;
      });
    } catch (error) {
      this.logger.warn(`Sweep could not publish: ${(error as Error).message}`);
      return 0;
    }
  }
}
