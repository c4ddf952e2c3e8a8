import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import { type BeforeApplicationShutdown, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { QueueMap, QueueName } from '@towing/contracts';
import { type JobOf, type QueueOf, type TraceContext, withTrace } from '@towing/platform';

/**
 * For the queues an SOS waits on (its event, its escalation ladder, the owners' alert summaries):
 * a job whose worker died is taken up again after about lockDuration + stalledInterval (15 s)
 * instead of BullMQ's default of up to a minute, and survives a few such deaths.
 */
export const PROMPT_STALL_RECOVERY = { lockDuration: 10_000, stalledInterval: 5_000, maxStalledCount: 5 } as const;

/**
 * A queue's consumer in the worker: a @nestjs/bullmq @Processor (its connection and prefix from
 * the module's BullModule.forRoot) declared with `autorun: false`. The one thing of ours around
 * it adds what @nestjs/bullmq does not do, the same way for every queue:
 * - jobs are taken from application bootstrap on, once every module is up (the Redis counters
 *   connection the SMS budgets need included): @nestjs/bullmq starts a worker while modules are
 *   still initialising;
 * - the worker stops, letting the jobs in hand finish, before anything they use (database,
 *   socket emitter) shuts down: @nestjs/bullmq closes workers only at application shutdown;
 * - a failed job, and a lost queue connection (one line when it goes, one when it is back, not
 *   one per reconnect attempt), are logged alike.
 */
export abstract class QueueConsumer<Q extends QueueName> extends WorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private connectionLost = false;

  abstract override process(job: JobOf<Q>): Promise<QueueMap[Q]['result']>;

  onApplicationBootstrap(): void {
    this.worker.getBackend().on('ready', () => {
      if (!this.connectionLost) return;
      this.connectionLost = false;
      this.logger.log('Queue connection restored');
    });
    this.worker.run().catch((error: Error) => this.logger.error(`Stopped taking ${this.worker.name} jobs: ${error.message}`));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }

  /** What the lines logged about a job carry (its request and event, for a domain event). */
  protected traceOf(_job: JobOf<Q>): TraceContext {
    return {};
  }

  @OnWorkerEvent('failed')
  onJobFailed(job: JobOf<Q> | undefined, error: Error): void {
    const causes = error instanceof AggregateError ? error.errors.map((cause: Error) => cause.message).join('; ') : '';
    withTrace(job ? this.traceOf(job) : {}, () =>
      this.logger.warn(`${job?.name} ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}${causes ? ` (${causes})` : ''}`),
    );
  }

  @OnWorkerEvent('error')
  onConnectionError(error: Error): void {
    if (this.connectionLost) return;
    this.connectionLost = true;
    this.logger.error(`Lost the queue connection (${error.message}); retrying until Redis is back`);
  }
}

/** When a scheduled queue's one job runs: a BullMQ job scheduler, so one run however many workers. */
export interface Schedule<Q extends QueueName> {
  /** The scheduler's and the job's names are persisted in Redis with the queue: never rename. */
  scheduler: QueueMap[Q]['name'];
  job: QueueMap[Q]['name'];
  repeat: { pattern: string; tz: string };
  /** What the job does, for the line logged when it cannot be scheduled. */
  what: string;
}

/** A consumer whose queue is fed by its own schedule, made (or updated) at every worker start. */
export abstract class ScheduledQueueConsumer<Q extends QueueName> extends QueueConsumer<Q> {
  /** Held untyped: a job scheduler names no job data, which QueueOf's name typing cannot see generically. */
  private readonly queue: Queue;

  protected constructor(
    queue: QueueOf<Q>,
    private readonly schedule: Schedule<Q>,
  ) {
    super();
    this.queue = queue;
    // The consumer reports a lost connection; the scheduling call below reports its own failure.
    queue.on('error', () => undefined);
  }

  override onApplicationBootstrap(): void {
    super.onApplicationBootstrap();
    // Waits for Redis like the consumers do; a worker that starts without it schedules once it is back.
    const { scheduler, repeat, job, what } = this.schedule;
    void this.queue
      .upsertJobScheduler(scheduler, repeat, { name: job })
      .catch((error: Error) => this.logger.warn(`Could not schedule ${what}: ${error.message}`));
  }
}
