import type { Type } from '@nestjs/common';
import type { DomainEventName } from '@towing/contracts';
import type { DomainEventHandler } from './domain-event-handler.js';
import { BookingApprovedHandler } from './handlers/booking-approved.handler.js';
import { BookingCreatedHandler } from './handlers/booking-created.handler.js';
import { ContactReceivedHandler } from './handlers/contact-received.handler.js';
import { FeedbackReceivedHandler } from './handlers/feedback-received.handler.js';
import { FleetInquiryReceivedHandler } from './handlers/fleet-inquiry-received.handler.js';
import { JobCompletedHandler } from './handlers/job-completed.handler.js';
import { JobCreatedHandler } from './handlers/job-created.handler.js';
import { JobStatusChangedHandler } from './handlers/job-status-changed.handler.js';
import { SosCreatedHandler } from './handlers/sos-created.handler.js';

/** One handler per domain event; leaving an event out is a compile error. */
export const HANDLERS: { [K in DomainEventName]: Type<DomainEventHandler<K>> } = {
  'sos.created': SosCreatedHandler,
  'job.created': JobCreatedHandler,
  'booking.created': BookingCreatedHandler,
  'booking.approved': BookingApprovedHandler,
  'job.statusChanged': JobStatusChangedHandler,
  'job.completed': JobCompletedHandler,
  'contact.received': ContactReceivedHandler,
  'fleetInquiry.received': FleetInquiryReceivedHandler,
  'feedback.received': FeedbackReceivedHandler,
};
