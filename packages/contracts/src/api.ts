import type { ApiError } from './errors.js';
import type { AccountingExportQuery } from './accounting.js';
import type { Announcement, AnnouncementInput, AnnouncementsQuery } from './announcements.js';
import type { LoginRequest, RegisterRequest, SessionResponse, UserResponse } from './auth.js';
import type { ApprovedBooking, Booking, BookingsQuery, CreateBookingRequest } from './bookings.js';
import type { ContactRequest, FleetInquiryRequest, ReviewedTestimonial, ReviewTestimonialRequest, SubmissionResponse, Testimonial, TestimonialRequest, TestimonialReviewQuery } from './catalogue.js';
import type { JobHistoryEntry, JobTimeline, JobTimelineQuery, UpdateJobDetailsRequest } from './dispatch.js';
import type { Email } from './emails.js';
import type { CreateFeedbackRequest, FeedbackResponse } from './feedback.js';
import type {
  CreateFleetExpenseRequest,
  CreateFuelRecordRequest,
  CreateMileageRecordRequest,
  CreateServiceRecordRequest,
  CreateVehicleRequest,
  FleetExpense,
  FleetRecordsQuery,
  FuelRecord,
  MileageRecord,
  ServiceRecord,
  UpdateVehicleRequest,
  Vehicle,
  VehiclesQuery,
} from './fleet.js';
import type { UpdateJobRequest } from './job-state-machine.js';
import type { CreateEmergencyJobRequest, CreateJobRequest, CreateSosRequest, Job, JobResponse, SosResponse } from './jobs.js';
import type { SosFormBody } from './sos-form.js';
import type { ClaimCodeSent, ClaimJobRequest, CustomerJobsResponse, CustomerLookupQuery, JobPhoto, JobPhotoResponse, JobSearchQuery, JobSearchResponse, VerifyClaimCodeRequest } from './lookup.js';
import type { JobInvoicesQuery, JobInvoicesResponse } from './invoices.js';
import type { Notification, NotificationsQuery } from './notifications.js';
import type { PaymentIntentResponse, StripeWebhookEvent, WebhookReceipt } from './payments.js';
import type { AcceptQuoteRequest, AcceptQuoteResponse, Quote, QuoteInput, QuoteReadResponse, QuoteStatusRequest } from './quotes.js';
import type { CreateDriverRequest, DriverAccount, DriverBoard, DriverTapRequest, DriverTapResponse, UpdateDriverRequest } from './driver.js';
import type { DriversAvailability, Health, LiveStats, Liveness } from './stats.js';
import type { BoardTruck, PositionBatchRequest, PositionBatchResponse, TruckPositionQuery, TruckPositionResponse } from './truck-position.js';
import type { JobMediaFields } from './job-media.js';
import type { InboundSmsWebhook, JobMessage, SendJobMessageRequest } from './conversations.js';
import type { EscalationTrail } from './escalation.js';
import type { TwilioWebhookForm } from './twilio-webhooks.js';
import type { PushAcknowledgeRequest, PushAcknowledgeResponse, PushKeyResponse, PushSubscriptionQuery, PushSubscriptionRequest } from './push.js';
import type { HeldSosJobs, HeldSosSource, JobCount, JobListQuery, SettleHeldSosRequest, SettleHeldSosResponse } from './sos-admission.js';
import type { PrivacyErasure, PrivacyExport, PrivacySubjectQuery, SystemStatus } from './system.js';

/** A multipart/form-data body: the named file fields. */
export interface MultipartBody<Field extends string> {
  multipart: Field;
}

/** An answer that is a file, not JSON. */
export interface FileAnswer<ContentType extends string> {
  file: ContentType;
}

/**
 * The REST contract: every route as "METHOD /path", with what it takes (path parameters are
 * the path's :names; query; body) and what it answers. The API's controllers declare each
 * route by this key (`@Endpoint`), which checks their answers against it; the browser's one
 * client calls by this key; the OpenAPI document at /api/docs is generated from it.
 * A route without `body` takes none; `answer: void` answers 204 No Content.
 */
export interface ApiRoutes {
  'GET /api/health': { answer: Health };
  'GET /api/health/live': { answer: Liveness };

  'POST /api/auth/register': { body: RegisterRequest; answer: UserResponse };
  'POST /api/auth/login': { body: LoginRequest; answer: UserResponse };
  'POST /api/auth/logout': { answer: void };
  'GET /api/auth/me': { answer: SessionResponse };

  'GET /api/stats/live': { answer: LiveStats };
  'GET /api/dispatch/drivers': { answer: DriversAvailability };
  'PUT /api/dispatch/drivers': { body: DriversAvailability; answer: DriversAvailability };

  'POST /api/sos': { body: CreateSosRequest; answer: SosResponse };
  /** The SOS page's form posted natively (urlencoded), before its script runs: answered with a page. */
  'POST /api/sos/form': { body: SosFormBody; answer: FileAnswer<'text/html'> };
  /** An admin's new job; from anyone else, or with status Emergency, the spec's SOS payload (alias of POST /api/sos). */
  'POST /api/jobs': { body: CreateJobRequest | CreateEmergencyJobRequest; answer: JobResponse };
  'GET /api/jobs': { query: JobListQuery; answer: Job[] };
  'GET /api/jobs/count': { answer: JobCount };
  'PATCH /api/jobs/:id': { body: UpdateJobRequest; answer: JobResponse };
  'DELETE /api/jobs/:id': { answer: void };
  'GET /api/jobs/search': { query: JobSearchQuery; answer: JobSearchResponse };
  'GET /api/jobs/lookup': { query: CustomerLookupQuery; answer: CustomerJobsResponse };
  'GET /api/me/jobs': { answer: CustomerJobsResponse };
  'POST /api/me/jobs/claim': { body: ClaimJobRequest; answer: CustomerJobsResponse };
  'POST /api/me/jobs/:id/code': { answer: ClaimCodeSent };
  'POST /api/me/jobs/:id/verify': { body: VerifyClaimCodeRequest; answer: CustomerJobsResponse };
  'POST /api/jobs/:id/photos': { body: MultipartBody<'photo'>; answer: JobPhotoResponse };
  'GET /api/jobs/:id/photos': { answer: JobPhoto[] };
  'GET /api/jobs/:id/photos/:photoId': { answer: FileAnswer<'image/*'> };
  /** One click on the board: the first dispatcher to acknowledge an SOS is recorded; later clicks answer the same. */
  'POST /api/jobs/:id/acknowledge': { answer: JobResponse };
  'PATCH /api/jobs/:id/details': { body: UpdateJobDetailsRequest; answer: JobResponse };
  'GET /api/jobs/:id/history': { answer: JobHistoryEntry[] };
  /** Anyone who knows the job id: when the job really reached each status, as the portal shows it. */
  /** The watch key a proven lookup handed out (JobSearchResponse.watchKey) is the proof. */
  'GET /api/jobs/:id/timeline': { query: JobTimelineQuery; answer: JobTimeline };

  'POST /api/bookings': { body: CreateBookingRequest; answer: Booking };
  'GET /api/bookings': { query: BookingsQuery; answer: Booking[] };
  'POST /api/bookings/:id/approve': { answer: ApprovedBooking };

  'GET /api/announcements': { query: AnnouncementsQuery; answer: Announcement[] };
  'POST /api/announcements': { body: AnnouncementInput; answer: Announcement };
  'PUT /api/announcements/:id': { body: AnnouncementInput; answer: Announcement };
  'DELETE /api/announcements/:id': { answer: void };

  'POST /api/contact': { body: ContactRequest; answer: SubmissionResponse };
  'GET /api/testimonials': { answer: Testimonial[] };
  'POST /api/testimonials': { body: TestimonialRequest; answer: Testimonial };
  'GET /api/testimonials/review': { query: TestimonialReviewQuery; answer: ReviewedTestimonial[] };
  'PATCH /api/testimonials/:id': { body: ReviewTestimonialRequest; answer: ReviewedTestimonial };
  'POST /api/fleet-contracts': { body: FleetInquiryRequest; answer: SubmissionResponse };
  'POST /api/feedback': { body: CreateFeedbackRequest; answer: FeedbackResponse };

  'GET /api/emails': { answer: Email[] };
  'GET /api/notifications': { query: NotificationsQuery; answer: Notification[] };

  'GET /api/vehicles': { query: VehiclesQuery; answer: Vehicle[] };
  'POST /api/vehicles': { body: CreateVehicleRequest; answer: Vehicle };
  'PUT /api/vehicles/:id': { body: UpdateVehicleRequest; answer: Vehicle };
  /** Takes the vehicle out of the fleet; its records are kept (see VehiclesService.remove). */
  'DELETE /api/vehicles/:id': { answer: void };
  'GET /api/service-records': { query: FleetRecordsQuery; answer: ServiceRecord[] };
  'POST /api/service-records': { body: CreateServiceRecordRequest; answer: ServiceRecord };
  'DELETE /api/service-records/:id': { answer: void };
  'GET /api/fuel-records': { query: FleetRecordsQuery; answer: FuelRecord[] };
  'POST /api/fuel-records': { body: CreateFuelRecordRequest; answer: FuelRecord };
  'DELETE /api/fuel-records/:id': { answer: void };
  'GET /api/mileage-records': { query: FleetRecordsQuery; answer: MileageRecord[] };
  'POST /api/mileage-records': { body: CreateMileageRecordRequest; answer: MileageRecord };
  'DELETE /api/mileage-records/:id': { answer: void };
  'GET /api/fleet-expenses': { query: FleetRecordsQuery; answer: FleetExpense[] };
  'POST /api/fleet-expenses': { body: CreateFleetExpenseRequest; answer: FleetExpense };
  'DELETE /api/fleet-expenses/:id': { answer: void };
  'GET /api/quotes': { answer: Quote[] };
  'POST /api/quotes': { body: QuoteInput; answer: Quote };
  /** Admins get the whole quote; anyone holding the link gets the customer's view (drafts stay hidden). */
  'GET /api/quotes/:id': { answer: QuoteReadResponse };
  'PUT /api/quotes/:id': { body: QuoteInput; answer: Quote };
  'PATCH /api/quotes/:id': { body: QuoteStatusRequest; answer: Quote };
  'DELETE /api/quotes/:id': { answer: void };
  /** Answers 202: the worker emails the quote and then marks it sent (quote:updated). */
  'POST /api/quotes/:id/send-email': { answer: Quote };
  'GET /api/quotes/:id/pdf': { answer: FileAnswer<'application/pdf'> };
  /** The same PDF inline, for the admin's Preview to frame from our own origin (a blob: frame is refused by our CSP). */
  'GET /api/quotes/:id/preview': { answer: FileAnswer<'application/pdf'> };
  'POST /api/quotes/:id/accept': { body: AcceptQuoteRequest; answer: AcceptQuoteResponse };
  'POST /api/quotes/:id/create-payment-intent': { answer: PaymentIntentResponse };
  /** An invoice's PDF; the number and the quote's unguessable id together are the key. */
  'GET /api/quotes/:id/invoices/:number/pdf': { answer: FileAnswer<'application/pdf'> };
  'GET /api/jobs/:id/invoices': { query: JobInvoicesQuery; answer: JobInvoicesResponse };
  /** Stripe's webhook: the signature is checked on the raw body. */
  'POST /api/payments/webhook': { body: StripeWebhookEvent; answer: WebhookReceipt };
  /** Tax invoices and their payments issued in a date range, as CSV for Xero's import or as plain totals. */
  'GET /api/accounting/invoices.csv': { query: AccountingExportQuery; answer: FileAnswer<'text/csv'> };
  /** Sources whose SOS are held past their allowance, one line each. */
  'GET /api/sos-holds': { answer: HeldSosSource[] };
  'GET /api/sos-holds/:source': { answer: HeldSosJobs };
  /** Texts and alerts go out for each released SOS as for a new one. */
  'POST /api/sos-holds/:source/release': { body: SettleHeldSosRequest; answer: SettleHeldSosResponse };
  /** Cancels the held SOS; they stay stored and can be found by search. */
  'POST /api/sos-holds/:source/discard': { body: SettleHeldSosRequest; answer: SettleHeldSosResponse };
  /** The driver's phone sends its fixes while the job is En Route or In Progress; a resent batch stores nothing twice. */
  'POST /api/jobs/:id/positions': { body: PositionBatchRequest; answer: PositionBatchResponse };
  /** The tracking page's read of its truck (the watch key is the proof); null when the job is not on its way. */
  'GET /api/jobs/:id/position': { query: TruckPositionQuery; answer: TruckPositionResponse };
  /** Each truck on its way or at a scene, where it was last seen: the board map. */
  'GET /api/trucks': { answer: BoardTruck[] };
  /** A photo of the vehicle at pickup or drop-off, or the customer's signature, with the time the phone made it. */
  'POST /api/jobs/:id/media': { query: JobMediaFields; body: MultipartBody<'photo'>; answer: JobPhotoResponse };

  /** Everything /driver shows: open SOS, the driver's own jobs, today's bookings. Drivers and admins who drive. */
  'GET /api/driver/board': { answer: DriverBoard };
  /** One tap from /driver, sent with an Idempotency-Key; a resend answers what the first one got (a refusal too). */
  'POST /api/driver/jobs/:id/taps': { body: DriverTapRequest; answer: DriverTapResponse };
  /** Driver accounts, for the admin's Drivers section. */
  'GET /api/drivers': { answer: DriverAccount[] };
  'POST /api/drivers': { body: CreateDriverRequest; answer: DriverAccount };
  /** Disables or enables a driver account; disabling ends its sessions. */
  'PATCH /api/drivers/:id': { body: UpdateDriverRequest; answer: DriverAccount };
  /** Twilio's inbound message webhook (X-Twilio-Signature checked); answers TwiML, replies go as SMS from the worker. */
  'POST /api/sms/inbound': { body: InboundSmsWebhook; answer: FileAnswer<'text/xml'> };
  /** A job's conversation with its customer by text, oldest first. */
  'GET /api/jobs/:id/messages': { answer: JobMessage[] };
  /** The dispatcher's answer, sent to the job's phone as SMS. */
  'POST /api/jobs/:id/messages': { body: SendJobMessageRequest; answer: JobMessage };
  /** The SOS card's escalation trail: each rung taken, and whether our text reached the caller. */
  'GET /api/jobs/:id/escalation': { answer: EscalationTrail };
  /** Twilio's status callback for every text we send (X-Twilio-Signature checked; idempotent by MessageSid + status). */
  'POST /api/sms/status': { body: TwilioWebhookForm; answer: void };
  /** A ladder call's TwiML: who needs help, where, how long they waited, then press 1 (Twilio-signed, for that call's token only). */
  'POST /api/voice/calls/:token/twiml': { body: TwilioWebhookForm; answer: FileAnswer<'text/xml'> };
  /** The keypress of a ladder call: 1 acknowledges the SOS as that owner. */
  'POST /api/voice/calls/:token/gather': { body: TwilioWebhookForm; answer: FileAnswer<'text/xml'> };
  /** How a ladder call ended (no answer, busy, completed): on the SOS card. */
  'POST /api/voice/calls/:token/status': { body: TwilioWebhookForm; answer: void };
  /** The System tile: worker heartbeat, outbox backlog, failed jobs, which services are configured. */
  'GET /api/system': { answer: SystemStatus };
  /** Everything held about one phone number or email address, as JSON. */
  'GET /api/privacy/export': { query: PrivacySubjectQuery; answer: PrivacyExport };
  /** Anonymises the person's jobs and removes their photos; invoices are kept as the tax law requires. */
  'POST /api/privacy/erase': { body: PrivacySubjectQuery; answer: PrivacyErasure };
  /** Web Push for staff devices: the key to subscribe with, and this device's alerts on (POST) or off (DELETE). */
  'GET /api/push/key': { answer: PushKeyResponse };
  'POST /api/push/subscriptions': { body: PushSubscriptionRequest; answer: void };
  'DELETE /api/push/subscriptions': { query: PushSubscriptionQuery; answer: void };
  /** A notification's Acknowledge action: no session, the push's signed token is the proof. */
  'POST /api/push/acknowledge': { body: PushAcknowledgeRequest; answer: PushAcknowledgeResponse };
}

export type RouteKey = keyof ApiRoutes;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Field<K extends RouteKey, F extends string> = ApiRoutes[K] extends Record<F, infer T> ? T : undefined;
export type RouteBody<K extends RouteKey> = Field<K, 'body'>;
export type RouteQuery<K extends RouteKey> = Field<K, 'query'>;
export type RouteAnswer<K extends RouteKey> = ApiRoutes[K]['answer'];

type PathOf<K extends string> = K extends `${string} ${infer Path}` ? Path : never;
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;
/** The :names in a route's path, as the values that fill them. */
export type RouteParams<K extends RouteKey> = { [Name in ParamNames<PathOf<K>>]: string | number };

export function routeMethod(key: RouteKey): HttpMethod {
  return key.slice(0, key.indexOf(' ')) as HttpMethod;
}

export function routePath(key: RouteKey): string {
  return key.slice(key.indexOf(' ') + 1);
}

/** Everything the OpenAPI document describes: the routes and the one error shape. */
export interface ApiContract {
  routes: ApiRoutes;
  error: ApiError;
}
