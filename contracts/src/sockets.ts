import type { Announcement } from './announcements.js';
import type { Booking } from './bookings.js';
import type { Email } from './emails.js';
import type { Job, PublicJob } from './jobs.js';
import type { Notification } from './notifications.js';
import type { DriversAvailability, LiveStats } from './stats.js';

/** Rooms the server puts sockets in. */
export const ROOMS = {
  admins: 'admins',
  job: (jobId: string) => `job:${jobId}`,
} as const;

/** Events the server pushes. Payloads are the objects the REST API returns. */
export interface ServerToClientEvents {
  /** The active announcements, every time the list changes (including an expiry). */
  'announcements:changed': (announcements: Announcement[]) => void;
  'stats:changed': (stats: LiveStats) => void;
  'drivers:changed': (drivers: DriversAvailability) => void;
  'job:created': (job: Job) => void;
  /** Admin sockets get the full job; a socket watching one job gets its public view. */
  'job:updated': (job: Job | PublicJob) => void;
  'job:deleted': (ref: { id: string }) => void;
  'booking:created': (booking: Booking) => void;
  'booking:updated': (booking: Booking) => void;
  'email:created': (email: Email) => void;
  'email:updated': (email: Email) => void;
  'notification:updated': (notification: Notification) => void;
}

export type JobWatchAck = { ok: true } | { ok: false; error: string };

export interface ClientToServerEvents {
  'job:watch': (jobId: string, ack: (result: JobWatchAck) => void) => void;
  'job:unwatch': (jobId: string) => void;
}
