import type { DomainEventEnvelope, DomainEventName } from '@towing/contracts';

/** Does the follow-up work of one domain event. Must be safe to run twice for one event. */
export interface DomainEventHandler<K extends DomainEventName> {
  handle(event: DomainEventEnvelope<K>): Promise<void>;
}
