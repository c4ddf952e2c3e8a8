import { Injectable } from '@nestjs/common';
import { type DomainEventEnvelope, QUEUES } from '@towing/contracts';
import { InjectQueueOf, type QueueOf } from '@towing/platform';

/** How long a publish may take before the relay gives up and leaves the row to the sweep. */
const PUBLISH_TIMEOUT_MS = 1000;

/** Producer side of the `domain-events` queue. The outbox id is the job id. */
@Injectable()
export class DomainEventsQueue {
  constructor(@InjectQueueOf(QUEUES.domainEvents) private readonly queue: QueueOf<'domain-events'>) {
    // Connection errors are reported by the relay when a publish fails; nothing to do here.
    queue.on('error', () => undefined);
  }

  /**
   * One event (the usual commit) is one script call; several go in one MULTI. BullMQ's addBulk
   * builds an ioredis pipeline for any number, and a pipeline copies every script BullMQ defines
   * on the connection (about a hundred methods) when it is made: a quarter of a millisecond of
   * the API's CPU for each SOS published alone.
   */
  async publish(events: DomainEventEnvelope[]): Promise<void> {
    if (events.length === 0) return;
    const jobs = events.map((event) => ({ name: event.name, data: event, opts: { jobId: event.id } }));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`publishing timed out after ${PUBLISH_TIMEOUT_MS} ms`)), PUBLISH_TIMEOUT_MS);
    });
    const [only] = jobs;
    try {
      await Promise.race([jobs.length === 1 ? this.queue.add(only.name, only.data, only.opts) : this.queue.addBulk(jobs), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
