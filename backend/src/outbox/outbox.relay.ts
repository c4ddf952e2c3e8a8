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
async function markPublished(manager: EntityManager, rows: OutboxEntity[]): Promise<void> {
  await manager.query('UPDATE outbox SET published_at = now() WHERE id = ANY($1::uuid[])', [rows.map((row) => row.id)]);
}

/**
 * Moves committed outbox rows onto the queue: at once after each commit, and by a sweep
 * that re-publishes whatever was left behind (Redis down, process killed).
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<number>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: DomainEventsQueue,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  /** Called after commit; never throws: a failed publish is the sweep's to retry. */
  async publishCommitted(rows: OutboxEntity[]): Promise<void> {
    if (rows.length === 0) return;
    try {
      await this.queue.publish(rows.map(toEnvelope));
      await markPublished(this.dataSource.manager, rows);
    } catch (error) {
      this.logger.warn(`Left ${rows.length} event(s) for the sweep: ${(error as Error).message}`);
    }
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
        await markPublished(manager, rows);
        this.logger.log(`Sweep published ${rows.length} event(s) left behind`);
        return rows.length;
      });
    } catch (error) {
      this.logger.warn(`Sweep could not publish: ${(error as Error).message}`);
      return 0;
    }
  }
}
