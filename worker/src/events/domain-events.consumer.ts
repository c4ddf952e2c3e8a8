import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { DOMAIN_EVENT_NAMES, type DomainEventEnvelope, type DomainEventName, QUEUES } from '@towing/contracts';
import { createConsumerConnection, ENVIRONMENT, type Environment } from '@towing/platform';
import type { DomainEventHandler } from './domain-event-handler.js';
import { HANDLERS } from './handlers.js';

/**
 * A job whose worker died is taken up again after about lockDuration + stalledInterval
 * (15 s), instead of BullMQ's default of up to a minute: an SOS must not wait that long.
 * Handlers mostly wait on PostgreSQL, Twilio and SMTP, so 16 at once halves the driver-SMS p95
 * of an SOS flood (bench:load) against 8, within the default pool of 20 connections.
 */
export const CONSUMER_OPTIONS = {
  concurrency: 16,
  lockDuration: 10_000,
  stalledInterval: 5_000,
  maxStalledCount: 5,
} as const;

/** Takes domain events off the queue and hands each to its handler. */
@Injectable()
export class DomainEventsConsumer implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(DomainEventsConsumer.name);
  private readonly handlers = new Map<DomainEventName, DomainEventHandler<DomainEventName>>();
  private worker?: Worker<DomainEventEnvelope>;
  private connection?: Redis;

  constructor(
    private readonly moduleRef: ModuleRef,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  /** Refuses to boot when any event has no handler. */
  onModuleInit(): void {
    for (const [name, handlerClass] of Object.entries(HANDLERS) as Array<[DomainEventName, (typeof HANDLERS)[DomainEventName]]>) {
      this.handlers.set(name, this.moduleRef.get(handlerClass, { strict: false }) as DomainEventHandler<DomainEventName>);
    }
    const missing = DOMAIN_EVENT_NAMES.filter((name) => !this.handlers.has(name));
    if (missing.length > 0) throw new Error(`No handler for domain event(s): ${missing.join(', ')}`);
  }

  onApplicationBootstrap(): void {
    this.connection = createConsumerConnection(this.environment.redisUrl);
    this.worker = new Worker<DomainEventEnvelope>(QUEUES.domainEvents, (job) => this.process(job), {
      connection: this.connection,
      prefix: this.environment.redisPrefix,
      ...CONSUMER_OPTIONS,
    });
    this.worker.on('failed', (job, error) => {
      const causes = error instanceof AggregateError ? error.errors.map((cause: Error) => cause.message).join('; ') : '';
      this.logger.warn(`${job?.name} ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}${causes ? ` (${causes})` : ''}`);
    });
    // Redis being away shows as one line when it goes and one when it is back, not a flood.
    let connectionLost = false;
    this.worker.on('error', (error) => {
      if (connectionLost) return;
      connectionLost = true;
      this.logger.error(`Lost the queue connection (${error.message}); retrying until Redis is back`);
    });
    this.connection.on('ready', () => {
      if (!connectionLost) return;
      connectionLost = false;
      this.logger.log('Queue connection restored');
    });
  }

  /**
   * Lets the jobs in hand finish before anything they use (database, socket emitter) is shut
   * down, then lets go of Redis (BullMQ leaves a passed-in connection open).
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    this.connection?.disconnect();
  }

  private async process(job: Job<DomainEventEnvelope>): Promise<void> {
    const handler = this.handlers.get(job.data.name);
    if (!handler) throw new UnrecoverableError(`No handler for ${job.data.name}`);
    await handler.handle(job.data);
  }
}
