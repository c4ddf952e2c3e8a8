import { BullModule, InjectQueue } from '@nestjs/bullmq';
import type { DynamicModule } from '@nestjs/common';
import type { DefaultJobOptions, Job, Queue } from 'bullmq';
import type { QueueMap, QueueName } from '@towing/contracts';

/** A queue as its producers hold it: job names, data and results typed from contracts' QueueMap. */
export type QueueOf<Q extends QueueName> = Queue<QueueMap[Q]['data'], QueueMap[Q]['result'], QueueMap[Q]['name']>;
export type JobOf<Q extends QueueName> = Job<QueueMap[Q]['data'], QueueMap[Q]['result'], QueueMap[Q]['name']>;

const HOUR_S = 3600;

/** How each queue's jobs are retried and kept: the same in every process that adds to it. */
const JOB_DEFAULTS: { [Q in QueueName]: DefaultJobOptions } = {
  // About 2.3 hours of retries: a Twilio or SMTP outage is ridden out.
  'domain-events': {
    attempts: 12,
    backoff: { type: 'exponential', delay: 2000 },
    removeOnComplete: { age: 24 * HOUR_S, count: 10000 },
    removeOnFail: { age: 7 * 24 * HOUR_S },
  },
  'fleet-checks': { removeOnComplete: 30, removeOnFail: 100 },
  // Someone is waiting for the bytes: a failed render is answered at once, not retried.
  'pdf-render': { attempts: 1, removeOnComplete: { age: 60 }, removeOnFail: { age: HOUR_S } },
  'sos-alert-summaries': { attempts: 10, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: { age: HOUR_S }, removeOnFail: { age: 7 * 24 * HOUR_S } },
  // A month of nightly runs kept to look back on; a failed dump is tried again an hour or so later.
  // A rung's job id stays a day after it ran, so a redelivered SOS event re-adding the ladder's rungs adds none twice.
  'sos-escalation': { attempts: 10, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: { age: 24 * HOUR_S }, removeOnFail: { age: 7 * 24 * HOUR_S } },
  'db-backups': { attempts: 3, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: 30, removeOnFail: 100 },
  // The next day's run catches up on anything a failed one left.
  'invoice-retention': { attempts: 3, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: 30, removeOnFail: 100 },
  'data-retention': { attempts: 3, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: 30, removeOnFail: 100 },
};

/**
 * The queues a process adds to, registered with @nestjs/bullmq on the connection and prefix of
 * its BullModule.forRoot; each is injected with InjectQueueOf.
 */
export function registerQueues(...names: QueueName[]): DynamicModule {
  return BullModule.registerQueue(...names.map((name) => ({ name, defaultJobOptions: JOB_DEFAULTS[name] })));
}

/** Injects a registered queue as a QueueOf<name>. */
export const InjectQueueOf = (name: QueueName): ParameterDecorator => InjectQueue(name);
