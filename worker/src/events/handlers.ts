import type { Type } from '@nestjs/common';
import type { DomainEventName } from '@towing/contracts';
import type { DomainEventHandler } from './domain-event-handler.js';
import { JobCreatedHandler } from './handlers/job-created.handler.js';
import { SosCreatedHandler } from './handlers/sos-created.handler.js';

/** One handler per domain event; leaving an event out is a compile error. */
export const HANDLERS: { [K in DomainEventName]: Type<DomainEventHandler<K>> } = {
  'sos.created': SosCreatedHandler,
  'job.created': JobCreatedHandler,
};
