/**
 * Domain events: written to the outbox in the same transaction as the change, carried
 * to the worker on the `domain-events` queue. Names are persisted data: never rename one.
 */
export interface DomainEventMap {
  'sos.created': { jobId: string };
  'job.created': { jobId: string };
}

export type DomainEventName = keyof DomainEventMap;

/** Every event name, so the worker can refuse to boot when one has no handler. */
export const DOMAIN_EVENT_NAMES = ['sos.created', 'job.created'] as const satisfies readonly DomainEventName[];

/** What travels on the queue: the outbox row. */
export interface DomainEventEnvelope<K extends DomainEventName = DomainEventName> {
  id: string;
  name: K;
  payload: DomainEventMap[K];
  occurredAt: string;
}

export const QUEUES = {
  domainEvents: 'domain-events',
} as const;
