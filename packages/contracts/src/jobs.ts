import type { Assignee } from './business.js';

export const JOB_STATUSES = [
  'Assigned',
  'Emergency',
  'Scheduled',
  'En Route',
  'In Progress',
  'Completed',
  'Cancelled',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Completed and Cancelled jobs are closed: no status change, no reassignment, only delete. */
export const CLOSED_JOB_STATUSES = ['Completed', 'Cancelled'] as const satisfies readonly JobStatus[];

/** Every other status is active (docs/rules.md, "Jobs"): on the board, counted in the tiles. */
export const ACTIVE_JOB_STATUSES = JOB_STATUSES.filter(
  (status) => !(CLOSED_JOB_STATUSES as readonly string[]).includes(status),
) as Exclude<JobStatus, (typeof CLOSED_JOB_STATUSES)[number]>[];

export function isClosedJobStatus(status: string): boolean {
  return (CLOSED_JOB_STATUSES as readonly string[]).includes(status);
}

export function isActiveJobStatus(status: string): boolean {
  return !isClosedJobStatus(status);
}

/** Who first acknowledged an SOS on the board, and when (ISO 8601). */
export interface JobAcknowledgement {
  by: string;
  at: string;
}

/** Where a phone's GPS put the driver, and how sure it was. */
export interface GpsFix {
  lat: number;
  lng: number;
  /** The phone's accuracy radius in metres (about 68% confidence); null when it did not say. */
  accuracyM: number | null;
  /** When the phone took the fix (ISO 8601); an old fix may no longer be where the driver is. */
  fixedAt: string;
}

/** A job as the API returns it to admins. Times are ISO 8601 strings in UTC. */
export interface Job {
  id: string;
  customerName: string;
  /** As the customer typed it. */
  phone: string;
  /** The same number in E.164 form, when it is one; what SMS and lookups use. */
  phoneE164: string | null;
  email: string | null;
  service: string;
  location: string;
  /** Only what a person wrote as notes (the dispatcher, the sender); never data the job has fields for. */
  notes: string | null;
  /** The vehicle to recover or repair, as the driver or the booking described it; null when nobody said. */
  vehicle: string | null;
  /** What happened, in the SOS sender's words; null for jobs that are not an SOS. */
  situation: string | null;
  status: JobStatus;
  assignedTo: Assignee;
  estimatedArrival: string | null;
  progress: number;
  /** The SOS sender's GPS fix; null for jobs without one. */
  gps: GpsFix | null;
  /** Who acknowledged the SOS on the board; null until someone does. */
  acknowledgement: JobAcknowledgement | null;
  /**
   * Where the first photo with a position was taken (its EXIF GPS; the stored photo has no
   * metadata). Always set by the API; optional so older payloads still type-check.
   */
  photoGps?: { lat: number; lng: number } | null;
  createdAt: string;
  updatedAt: string;
  /** Set while the SOS is held past its source's allowance (nobody texted yet); null otherwise. Optional so older payloads type-check. */
  heldAt?: string | null;
}

/**
 * A job as anyone may see it: what the customer screens show, without the customer's
 * contact details or the dispatcher's notes.
 */
export type PublicJob = Pick<
  Job,
  'id' | 'customerName' | 'service' | 'location' | 'status' | 'assignedTo' | 'estimatedArrival' | 'progress' | 'createdAt' | 'updatedAt'
>;

/**
 * POST /api/sos: a stranded driver's request, the one SOS command. Only the phone is required;
 * the server sets the status, assignment and ETA and fills blank answers, whoever sends it.
 */
export interface CreateSosRequest {
  phone: string;
  customerName?: string;
  email?: string;
  /** What the driver typed, or the address their position was reverse-geocoded to. */
  location?: string;
  vehicle?: string;
  situation?: string;
  /** Anything else the sender wrote; kept as the job's notes. */
  notes?: string;
  gps?: {
    lat: number;
    lng: number;
    accuracyM?: number;
    fixedAt?: string;
  };
}

/**
 * The spec's emergency payload for POST /api/jobs, kept as an alias of
 * POST /api/sos: the API translates it into a CreateSosRequest where it arrives, reading the
 * fix, vehicle and situation out of the lines its notes carry. status, assignedTo, progress and
 * estimatedArrival are accepted and ignored.
 */
export interface CreateEmergencyJobRequest {
  customerName?: string;
  phone: string;
  email?: string;
  service?: string;
  location?: string;
  notes?: string;
  status?: string;
  assignedTo?: string;
  estimatedArrival?: string;
  progress?: number;
}

/** POST /api/jobs by an admin (docs/rules.md, "Jobs"): the admin decides the fields. */
export interface CreateJobRequest {
  customerName: string;
  phone: string;
  email?: string;
  service: string;
  location: string;
  estimatedArrival?: string;
  assignedTo?: Assignee;
  notes?: string;
  status?: JobStatus;
  progress?: number;
}

export interface JobResponse {
  job: Job;
}

/** POST /api/sos's answer: the job, and the path of its tracking link (the link our text sends), for the sender's confirmation. */
export interface SosResponse extends JobResponse {
  trackingPath: string;
}

/** Defaults the emergency form applies to blank fields (docs/rules.md, "Jobs"). */
export const EMERGENCY_DEFAULTS = {
  customerName: 'Emergency Recovery',
  location: 'Location pending',
  vehicle: 'Not specified',
  situation: 'Emergency recovery needed',
  service: '4x4 Recovery',
  /** Estimated arrival is promised this many minutes after the request. */
  arrivalMinutes: 30,
  /** We promise to call back within this many minutes. */
  callbackMinutes: 5,
} as const;
