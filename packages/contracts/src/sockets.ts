import type { Announcement } from './announcements.js';
import type { Booking } from './bookings.js';
import type { ReviewedTestimonial } from './catalogue.js';
import type { JobMessage } from './conversations.js';
import type { Email } from './emails.js';
import type { Vehicle } from './fleet.js';
import type { Job, PublicJob } from './jobs.js';
import type { JobPhoto } from './lookup.js';
import type { Notification } from './notifications.js';
import type { Quote, QuoteUpdate } from './quotes.js';
import type { DriversAvailability, LiveStats } from './stats.js';
import type { BoardTruck, TruckPosition } from './truck-position.js';

/**
 * The admin board's logs, each in a tab of its own: every message the system tried, and every
 * email. Their pushes go only to the admin sockets that have the tab open (`log:watch`), so an
 * SOS costs every other board one frame, not one per message sent about it.
 */
export const ADMIN_LOGS = ['notifications', 'emails'] as const;
export type AdminLog = (typeof ADMIN_LOGS)[number];

/** Rooms the server puts sockets in. */
export const ROOMS = {
  admins: 'admins',
  /** Sockets of people who drive (drivers, admins who drive): they hear that /driver's board changed. */
  drivers: 'drivers',
  adminLog: (log: AdminLog) => `admins:${log}`,
  job: (jobId: string) => `job:${jobId}`,
  /** Sockets of pages showing the Live Status card (`stats:watch`), which the public pages do and the board does not. */
  liveStats: 'live-stats',
} as const;

/** Events the server pushes one by one. Payloads are the objects the REST API returns. */
export interface ServerEvents {
  /** The active announcements, every time the list changes (including an expiry). */
  'announcements:changed': (announcements: Announcement[]) => void;
  /** Only to sockets showing the Live Status card (ROOMS.liveStats). */
  'stats:changed': (stats: LiveStats) => void;
  'drivers:changed': (drivers: DriversAvailability) => void;
  'job:created': (job: Job) => void;
  /** Admin sockets get the full job; a socket watching one job gets its public view. */
  'job:updated': (job: Job | PublicJob) => void;
  'job:deleted': (ref: { id: string }) => void;
  /** An SOS from this source was held, released or discarded: the board re-reads its held sources. */
  'sos:held': (ref: { source: string }) => void;
  /** A photo attached to a job (an SOS sends its photo right after the request). */
  'job:photoAdded': (photo: JobPhoto) => void;
  'booking:created': (booking: Booking) => void;
  'booking:updated': (booking: Booking) => void;
  /** This and email:updated only to sockets watching the emails log (ROOMS.adminLog). */
  'email:created': (email: Email) => void;
  'email:updated': (email: Email) => void;
  /** Only to sockets watching the notifications log (ROOMS.adminLog). */
  'notification:updated': (notification: Notification) => void;
  'vehicle:created': (vehicle: Vehicle) => void;
  /** Also after any of its records changes: the service estimate and costs move with them. */
  'vehicle:updated': (vehicle: Vehicle) => void;
  'vehicle:deleted': (ref: { id: number }) => void;
  /** A new testimonial waiting for review, or a decision on one. */
  'testimonial:updated': (testimonial: ReviewedTestimonial) => void;
  'quote:created': (quote: Quote) => void;
  'quote:updated': (quote: QuoteUpdate) => void;
  'quote:deleted': (ref: { id: string }) => void;
  /** The truck of a job on its way: to the sockets watching that job (one frame per update), and to the boards with its driver. */
  'job:position': (position: TruckPosition | BoardTruck) => void;
  /** A text in a job's conversation, either way. */
  'jobMessage:created': (message: JobMessage) => void;
  /** A rung of this SOS's escalation ladder was taken, a call ended, or our text to the caller failed: the card reads its trail again. */
  'job:escalation': (ref: { jobId: string }) => void;
}

/** One pushed event with its payload, as `board:batch` carries it. */
export type BatchedEvent = { [E in keyof ServerEvents]: [event: E, payload: Parameters<ServerEvents[E]>[0]] }[keyof ServerEvents];

/** Everything the server pushes, typing both the gateway and the browser's socket. */
export interface ServerToClientEvents extends ServerEvents {
  /** To ROOMS.drivers: a job or booking changed; /driver reads its board again (at most one a batch window). */
  'driver:board': () => void;
  /**
   * The admin pushes of a burst in one frame, in the order they happened: during an SOS flood
   * every board gets a frame per window instead of one per change. The browser's socket hands
   * each to the listeners of its own event, so screens never see the batch.
   */
  'board:batch': (events: BatchedEvent[]) => void;
}

/** The answer to a watch request: refused with the reason, or accepted. */
export type WatchAck = { ok: true } | { ok: false; error: string };
export type JobWatchAck = WatchAck;

/** A job id and the watch key a lookup answered with for it (JobSearchResponse.watchKey). */
export interface JobWatchRequest {
  jobId: string;
  key: string;
}

export interface ClientToServerEvents {
  'job:watch': (request: JobWatchRequest, ack: (result: JobWatchAck) => void) => void;
  'job:unwatch': (jobId: string) => void;
  /** An admin board opened a log's tab: from now on this socket gets that log's pushes. */
  'log:watch': (log: AdminLog, ack?: (result: WatchAck) => void) => void;
  'log:unwatch': (log: AdminLog) => void;
  /** A page put the Live Status card on screen: from the server's answer on, this socket gets `stats:changed`. */
  'stats:watch': (ack: (result: WatchAck) => void) => void;
  'stats:unwatch': () => void;
}
