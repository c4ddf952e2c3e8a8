import { Processor } from '@nestjs/bullmq';
import { type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { UnrecoverableError } from 'bullmq';
import { DOMAIN_EVENT_NAMES, type DomainEventName, QUEUES } from '@towing/contracts';
import { type JobOf, type TraceContext, withTrace } from '@towing/platform';
import { PROMPT_STALL_RECOVERY, QueueConsumer } from '../queues/queue-consumer.js';
import type { DomainEventHandler } from './domain-event-handler.js';
import { HANDLERS } from './handlers.js';

/**
 * Takes domain events off the queue and hands each to its handler. An event whose worker died is
 * taken up again soon (PROMPT_STALL_RECOVERY): an SOS must not wait long. Handlers mostly wait on
 * PostgreSQL, Twilio and SMTP, so 16 at once halves the driver-SMS p95 of an SOS flood
 * (bench:load) against 8, within the default pool of 20 connections.
 */
@Processor(QUEUES.domainEvents, { concurrency: 16, ...PROMPT_STALL_RECOVERY, autorun: false })
export class DomainEventsConsumer extends QueueConsumer<'domain-events'> implements OnModuleInit {
  private readonly handlers = new Map<DomainEventName, DomainEventHandler<DomainEventName>>();

  constructor(private readonly moduleRef: ModuleRef) {
    super();
  }

  /** Refuses to boot when any event has no handler. */
  onModuleInit(): void {
    for (const [name, handlerClass] of Object.entries(HANDLERS) as Array<[DomainEventName, (typeof HANDLERS)[DomainEventName]]>) {
      this.handlers.set(name, this.moduleRef.get(handlerClass, { strict: false }) as DomainEventHandler<DomainEventName>);
    }
    const missing = DOMAIN_EVENT_NAMES.filter((name) => !this.handlers.has(name));
    if (missing.length > 0) throw new Error(`No handler for domain event(s): ${missing.join(', ')}`);
  }

  async process(job: JobOf<'domain-events'>): Promise<void> {
    const handler = this.handlers.get(job.data.name);
    if (!handler) throw new UnrecoverableError(`No handler for ${job.data.name}`);
    // Every line logged and every message sent for the event carries the request it came from.
    await withTrace(this.traceOf(job), async () => {
      await handler.handle(job.data);
      this.logger.log(`Handled ${job.data.name}`);
    });
  }

  protected override traceOf(job: JobOf<'domain-events'>): TraceContext {
    return { requestId: job.data.requestId, eventId: job.data.id };
  }
}
