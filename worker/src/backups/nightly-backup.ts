import { Processor } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import { BUSINESS, type QueueMap, QUEUES } from '@towing/contracts';
import { backupDatabase, ENVIRONMENT, type Environment, InjectQueueOf, type QueueOf } from '@towing/platform';
import { ScheduledQueueConsumer } from '../queues/queue-consumer.js';

/** Persisted in Redis with the queue: never rename. */
export const NIGHTLY_BACKUP_SCHEDULER: QueueMap['db-backups']['name'] = 'db-backup-nightly';
export const NIGHTLY_BACKUP_JOB: QueueMap['db-backups']['name'] = 'db-backup';
/** The quietest hour of a Pilbara night, before the 5 am fleet check. */
const EVERY_NIGHT = { pattern: '30 2 * * *', tz: BUSINESS.timeZone };
const SCHEDULE = { scheduler: NIGHTLY_BACKUP_SCHEDULER, job: NIGHTLY_BACKUP_JOB, repeat: EVERY_NIGHT, what: 'the nightly backup' };

/**
 * Every night (2:30 am Perth, a BullMQ job scheduler, so one run however many workers) a
 * pg_dump of the database into BACKUP_DIR, the ones older than BACKUP_KEEP_DAYS removed: the
 * same module as `npm run db:backup`. A failed run is tried again and logged.
 */
@Processor(QUEUES.dbBackups, { concurrency: 1, autorun: false })
export class NightlyBackup extends ScheduledQueueConsumer<'db-backups'> {
  constructor(
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    @InjectQueueOf(QUEUES.dbBackups) queue: QueueOf<'db-backups'>,
  ) {
    super(queue, SCHEDULE);
  }

  async process(): Promise<string> {
    const result = await backupDatabase({ databaseUrl: this.environment.databaseUrl, ...this.environment.backup });
    this.logger.log(`Backed up the database to ${result.file} (${result.bytes} bytes)${result.removed.length ? `; removed ${result.removed.join(', ')}` : ''}`);
    return result.file;
  }
}
