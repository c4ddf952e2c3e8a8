import type { Type } from '@nestjs/common';
import type { DomainEventName } from '@towing/contracts';
import type { DomainEventHandler } from './domain-event-handler.js';
import { BookingApprovedHandler } from './handlers/booking-approved.handler.js';
import { BookingCreatedHandler } from './handlers/booking-created.handler.js';
import { ClaimCodeIssuedHandler } from './handlers/claim-code-issued.handler.js';
import { ContactReceivedHandler } from './handlers/contact-received.handler.js';
import { FeedbackReceivedHandler } from './handlers/feedback-received.handler.js';
import { FleetInquiryReceivedHandler } from './handlers/fleet-inquiry-received.handler.js';
import { InvoiceIssuedHandler } from './handlers/invoice-issued.handler.js';
import { JobCompletedHandler } from './handlers/job-completed.handler.js';
import { JobCreatedHandler } from './handlers/job-created.handler.js';
import { JobStatusChangedHandler } from './handlers/job-status-changed.handler.js';
import { PaymentSucceededHandler } from './handlers/payment-succeeded.handler.js';
import { QuoteAcceptedHandler } from './handlers/quote-accepted.handler.js';
import { QuoteSentHandler } from './handlers/quote-sent.handler.js';
import { SosCreatedHandler } from './handlers/sos-created.handler.js';
import { VehicleServiceDueHandler } from './handlers/vehicle-service-due.handler.js';
import { SosAcknowledgedHandler } from './handlers/sos-acknowledged.handler.js';
import { SmsReceivedHandler } from './handlers/sms-received.handler.js';
import { JobMessageSentHandler } from './handlers/job-message-sent.handler.js';

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
  'vehicle.serviceDue': VehicleServiceDueHandler,
  'quote.sent': QuoteSentHandler,
  'quote.accepted': QuoteAcceptedHandler,
  'payment.succeeded': PaymentSucceededHandler,
  'invoice.issued': InvoiceIssuedHandler,
  'claimCode.issued': ClaimCodeIssuedHandler,
  'sos.acknowledged': SosAcknowledgedHandler,
  'sms.received': SmsReceivedHandler,
  'jobMessage.sent': JobMessageSentHandler,
};
