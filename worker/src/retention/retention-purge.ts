import { Processor } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BUSINESS, CLOSED_JOB_STATUSES, type QueueMap, QUEUES } from '@towing/contracts';
import { ENVIRONMENT, type Environment, InjectQueueOf, type QueueOf } from '@towing/platform';
import { ScheduledQueueConsumer } from '../queues/queue-consumer.js';

/** Persisted in Redis with the queue: never rename. */
export const RETENTION_SCHEDULER: QueueMap['data-retention']['name'] = 'retention-nightly';
export const RETENTION_JOB: QueueMap['data-retention']['name'] = 'retention-purge';
/** After the 2:30 am backup, so a night's dump still holds what this deletes for the backups' keep days. */
const EVERY_NIGHT = { pattern: '0 4 * * *', tz: BUSINESS.timeZone };
const SCHEDULE = { scheduler: RETENTION_SCHEDULER, job: RETENTION_JOB, repeat: EVERY_NIGHT, what: 'the nightly photo and position purge' };

/**
 * When a job closed: the first history line that left it in its closed status (its last change
 * otherwise, for jobs older than their history). A job whose status is not closed is not here.
 */
const CLOSED_JOBS = `
  SELECT job.id, COALESCE(MIN(line.created_at), job.updated_at) AS closed_at
  FROM jobs job LEFT JOIN job_updates line ON line.job_id = job.id AND line.status = job.status
  WHERE job.status = ANY($1)
  GROUP BY job.id`;

/**
 * Privacy by default: a job's photos (the SOS sender's, the driver's, the customer's signature)
 * are deleted MEDIA_RETENTION_DAYS after the job closes, and its truck's positions
 * POSITION_RETENTION_DAYS after; the job itself, its history and its invoices stay. Once a
 * night (4 am Perth, a BullMQ job scheduler, so one run however many workers).
 */
@Processor(QUEUES.dataRetention, { concurrency: 1, autorun: false })
export class RetentionPurge extends ScheduledQueueConsumer<'data-retention'> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    @InjectQueueOf(QUEUES.dataRetention) queue: QueueOf<'data-retention'>,
  ) {
    super(queue, SCHEDULE);
  }

  async process(): Promise<QueueMap['data-retention']['result']> {
    const { mediaDays, positionDays } = this.environment.retention;
    const photos = await this.purge('job_photos', mediaDays);
    const positions = await this.purge('job_positions', positionDays);
    if (photos || positions) this.logger.log(`Deleted ${photos} photo(s) and signature(s) and ${positions} truck position(s) of closed jobs`);
    return { photos, positions };
  }

  private async purge(table: 'job_photos' | 'job_positions', days: number): Promise<number> {
    const [, deleted] = (await this.dataSource.query(
      `WITH closed AS (${CLOSED_JOBS})
       DELETE FROM ${table} row USING closed
       WHERE row.job_id = closed.id AND closed.closed_at < now() - make_interval(days => $2)`,
      [[...CLOSED_JOB_STATUSES], days],
    )) as [unknown[], number];
    return deleted;
  }
}
