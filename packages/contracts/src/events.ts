import type { PdfRenderRequest, PdfRenderResult } from './documents.js';
import type { SosAdmission } from './sos-admission.js';

/**
 * Domain events: written to the outbox in the same transaction as the change, carried
 * to the worker on the `domain-events` queue. Names are persisted data: never rename one.
 */
export interface DomainEventMap {
  /**
   * A new SOS, or a held one a dispatcher released (then recorded again with held false).
   * admission is absent for an SOS an admin created and for events recorded before it existed.
   */
  'sos.created': { jobId: string; admission?: SosAdmission };
  'job.created': { jobId: string };
  'booking.created': { bookingId: number };
  'booking.approved': { bookingId: number; jobId: string };
  /** from and to are job statuses; only moves the state machine allows are recorded. */
  'job.statusChanged': { jobId: string; from: string; to: string };
  'job.completed': { jobId: string };
  'contact.received': { contactId: number };
  'fleetInquiry.received': { inquiryId: number };
  'feedback.received': { feedbackId: number };
  /** A truck came within its service limits; cycle names the service interval (one alert each). */
  'vehicle.serviceDue': { vehicleId: number; cycle: string };
  /** An admin pressed Email Quote; the worker marks the quote sent once the email went. */
  'quote.sent': { quoteId: string };
  /** The customer accepted (or an admin marked it accepted); jobId is the job it schedules, if any. */
  'quote.accepted': { quoteId: string; jobId: string | null };
  /** A card payment arrived for an invoice (Stripe's payment_intent.succeeded). */
  'payment.succeeded': { invoiceNumber: string; quoteId: string | null; paymentIntentId: string };
  'invoice.issued': { invoiceNumber: string };
  /** An account asked to prove a job is its own: text the code to the job's phone. */
  'claimCode.issued': { claimCodeId: number; jobId: string; code: string };
  /** Someone has the SOS (the board, an SMS reply, moving it on): the stranded person is told who, once. actor: username or staff first name. */
  'sos.acknowledged': { jobId: string; actor: string };
  /** A text came in (stored once per MessageSid); the worker sends its reply, if it has one. */
  'sms.received': { inboundId: number };
  /** The dispatcher answered in a job's thread: the worker texts it to the job's phone. */
  'jobMessage.sent': { messageId: number };
}

export type DomainEventName = keyof DomainEventMap;

/** Every event name, so the worker can refuse to boot when one has no handler. */
export const DOMAIN_EVENT_NAMES = ['sos.created', 'job.created', 'booking.created', 'booking.approved', 'job.statusChanged', 'job.completed', 'contact.received', 'fleetInquiry.received', 'feedback.received', 'vehicle.serviceDue', 'quote.sent', 'quote.accepted', 'payment.succeeded', 'invoice.issued', 'claimCode.issued', 'sos.acknowledged', 'sms.received', 'jobMessage.sent'] as const satisfies readonly DomainEventName[];

/** What travels on the queue: the outbox row. */
export interface DomainEventEnvelope<K extends DomainEventName = DomainEventName> {
  id: string;
  name: K;
  payload: DomainEventMap[K];
  occurredAt: string;
  /** The request it was recorded in: the worker logs and sends under it. */
  requestId?: string;
}

export const QUEUES = {
  domainEvents: 'domain-events',
  /** The daily fleet check (a truck comes due by date with nobody touching anything). */
  fleetChecks: 'fleet-checks',
  /** Request/response: the API asks the worker for PDF bytes (contracts' PdfRenderRequest). */
  pdfRender: 'pdf-render',
  /** Delayed jobs that send the on-call owners one summary per minute during an SOS burst. */
  sosAlertSummaries: 'sos-alert-summaries',
  /** The nightly pg_dump of the database (packages/platform backup.ts). */
  dbBackups: 'db-backups',
  /** The nightly purge of job photos and truck positions past their retention (MEDIA_/POSITION_RETENTION_DAYS). */
  dataRetention: 'data-retention',
  /** The escalation ladder's rungs: delayed jobs, one per rung of a running ladder (contracts escalation.ts). */
  sosEscalation: 'sos-escalation',
  /** The daily anonymisation of invoices past the five years tax law keeps them. */
  invoiceRetention: 'invoice-retention',
} as const;

/** A queue's name, as QUEUES has it. Persisted with every job in Redis: never rename. */
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * What each queue carries: its job names (persisted with the jobs: never rename), the data of a
 * job and what a job returns. Producers and consumers of a queue are typed from this one map.
 */
export interface QueueMap {
  'domain-events': { name: DomainEventName; data: DomainEventEnvelope; result: void };
  /**
   * The daily check: jobs named service-due-check, made by the job scheduler service-due-daily
   * (BullMQ names a scheduler as it names a job). A check needs nothing but the time it runs
   * at; it answers how many trucks came due.
   */
  'fleet-checks': { name: 'service-due-check' | 'service-due-daily'; data: Record<string, never>; result: number };
  /** Named after the document's kind. */
  'pdf-render': { name: PdfRenderRequest['kind']; data: PdfRenderRequest; result: PdfRenderResult };
  /** One delayed job per SOS window, its id naming the window; the window's SOS are listed in Redis beside it. */
  'sos-alert-summaries': { name: 'summary'; data: Record<string, never>; result: void };
  /** The nightly backup: jobs named db-backup, made by the job scheduler db-backup-nightly; answers the file written. */
  'db-backups': { name: 'db-backup' | 'db-backup-nightly'; data: Record<string, never>; result: string };
  /** The nightly purge: jobs named retention-purge, made by the job scheduler retention-nightly; answers what it deleted. */
  'data-retention': { name: 'retention-purge' | 'retention-nightly'; data: Record<string, never>; result: { photos: number; positions: number } };
  /**
   * `rung`: rung `rung` (index into ESCALATION_RUNGS) of ladder `escalationId`, its job id naming
   * both so it is added once. `undelivered`: Twilio said a text did not arrive (POST /api/sms/status):
   * an on-call alert moves its ladder on, one to the stranded person flags the SOS card.
   */
  'sos-escalation': { name: 'rung' | 'undelivered'; data: { escalationId: number; rung: number } | { messageSid: string; errorCode: number | null }; result: void };
  /** Jobs named invoice-anonymisation, made by the job scheduler invoice-anonymisation-daily; answers how many invoices changed. */
  'invoice-retention': { name: 'invoice-anonymisation' | 'invoice-anonymisation-daily'; data: Record<string, never>; result: number };
}
