/**
 * Domain events: written to the outbox in the same transaction as the change, carried
 * to the worker on the `domain-events` queue. Names are persisted data: never rename one.
 */
export interface DomainEventMap {
  'sos.created': { jobId: string };
  'job.created': { jobId: string };
  'booking.created': { bookingId: number };
  'booking.approved': { bookingId: number; jobId: string };
  /** from and to are job statuses; only moves the state machine allows are recorded. */
  'job.statusChanged': { jobId: string; from: string; to: string };
  'job.completed': { jobId: string };
  'contact.received': { contactId: number };
  'fleetInquiry.received': { inquiryId: number };
  'feedback.received': { feedbackId: number };
}

export type DomainEventName = keyof DomainEventMap;

/** Every event name, so the worker can refuse to boot when one has no handler. */
export const DOMAIN_EVENT_NAMES = ['sos.created', 'job.created', 'booking.created', 'booking.approved', 'job.statusChanged', 'job.completed', 'contact.received', 'fleetInquiry.received', 'feedback.received'] as const satisfies readonly DomainEventName[];

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
