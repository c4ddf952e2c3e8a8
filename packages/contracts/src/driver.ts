import type { User } from './auth.js';
import type { Booking } from './bookings.js';
import { assignedDrivers, UNASSIGNED } from './business.js';
import { progressAfter, transitionRefusal } from './job-state-machine.js';
import { isClosedJobStatus, type Job, type JobStatus } from './jobs.js';

/**
 * What a driver does from /driver, one tap each. Each moves the job along the board's own
 * state machine (job-state-machine.ts): On scene is the board's Start Service (In Progress, 50%),
 * Towing keeps the job In Progress and marks it 75% with its own history line, Completed is the
 * board's Complete Job.
 */
export const DRIVER_TAPS = {
  acknowledge: { label: 'Acknowledge' },
  take: { label: 'Take it' },
  enRoute: { label: 'On my way' },
  onScene: { label: 'On scene' },
  towing: { label: 'Towing' },
  complete: { label: 'Completed' },
} as const;
export type DriverTapKind = keyof typeof DRIVER_TAPS;
export const DRIVER_TAP_KINDS = Object.keys(DRIVER_TAPS) as DriverTapKind[];

/** The ETA picker's choices, in minutes; the driver may also type a figure in this range. */
export const ETA_CHOICES_MINUTES = [15, 30, 45, 60, 90] as const;
export const ETA_MINUTES_RANGE = { min: 1, max: 24 * 60 } as const;

/** The progress figure a Towing tap leaves the job at, between On scene (50) and Completed (100). */
export const TOWING_PROGRESS = 75;

/**
 * POST /api/driver/jobs/:id/taps, sent with an Idempotency-Key: a tap made on the phone, perhaps
 * long before it arrives. `madeAt` is the phone's clock when the driver tapped; the server keeps
 * it beside the arrival time and shows it first.
 */
export interface DriverTapRequest {
  kind: DriverTapKind;
  madeAt: string;
  /** On my way: minutes until the truck arrives. */
  etaMinutes?: number;
  /** Completed: the truck's odometer, whole km (the board asks the same). */
  odometerKm?: number;
}

/** A tap as the server recorded it. */
export interface DriverTapReceipt {
  kind: DriverTapKind;
  madeAt: string;
  receivedAt: string;
}

/**
 * A job as a driver sees it: who, where, what and how to reach them; nothing about money (jobs
 * carry none), the dispatcher's notes included since they are for whoever goes.
 */
export type DriverJob = Pick<
  Job,
  | 'id'
  | 'customerName'
  | 'phone'
  | 'phoneE164'
  | 'service'
  | 'location'
  | 'notes'
  | 'vehicle'
  | 'situation'
  | 'status'
  | 'assignedTo'
  | 'estimatedArrival'
  | 'progress'
  | 'gps'
  | 'acknowledgement'
  | 'createdAt'
  | 'updatedAt'
> & {
  /** Ids of the job's photos, oldest first (GET /api/driver/jobs/:id/photos/:photoId). */
  photoIds: number[];
};

/** A booking for today as the driver sees it: no price (bookings carry none) and no admin controls. */
export type DriverBooking = Pick<
  Booking,
  'id' | 'customerName' | 'phone' | 'service' | 'location' | 'preferredDate' | 'preferredTime' | 'urgency' | 'description' | 'vehicleDetails' | 'status' | 'jobId'
>;

/** GET /api/driver/board: everything /driver shows. */
export interface DriverBoard {
  /** Open SOS, newest first; the unacknowledged ones before the rest. */
  sos: DriverJob[];
  /** Open jobs assigned to the signed-in driver (or to Both), newest first. */
  mine: DriverJob[];
  /** Bookings for today in Perth that are pending or approved. */
  today: DriverBooking[];
}

/** POST /api/driver/jobs/:id/taps: the job after the tap, and the tap as recorded. */
export interface DriverTapResponse {
  job: DriverJob;
  tap: DriverTapReceipt;
}

/** A driver account as the admin's Drivers section lists it. */
export type DriverAccount = Pick<User, 'id' | 'username' | 'firstName' | 'lastName' | 'email' | 'phone' | 'role' | 'drives'> & {
  active: boolean;
};

/** POST /api/drivers: an admin creates a driver account. */
export interface CreateDriverRequest {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** PATCH /api/drivers/:id: disable (or enable again) a driver account. */
export interface UpdateDriverRequest {
  active: boolean;
}

/** What a tap looks at and changes on a job. */
export interface TapState {
  status: JobStatus;
  progress: number;
  assignedTo: string;
  acknowledged: boolean;
}

/** What a tap does: the job's next state and its history line, nothing (already so), or why it is refused. */
export type TapOutcome = { next: TapState; message: string } | { next: null; message: null } | { refusal: string };

const STATUS_OF_TAP: Partial<Record<DriverTapKind, JobStatus>> = {
  enRoute: 'En Route',
  onScene: 'In Progress',
  towing: 'In Progress',
  complete: 'Completed',
};

/**
 * What a driver's tap does to a job, by the board's own state machine: the server applies it, and
 * /driver uses it to show the job as it will be once the taps still waiting on the phone arrive.
 * `driver` is the first name jobs are assigned by. A tap that changes nothing (a second Acknowledge,
 * On my way while already En Route) is no refusal: the driver's intent already holds.
 */
export function tapOutcome(jobId: string, state: TapState, kind: DriverTapKind, driver: string): TapOutcome {
  const mine = assignedDrivers(state.assignedTo).includes(driver);
  const closed = isClosedJobStatus(state.status);
  if (kind === 'acknowledge') {
    if (state.acknowledged) return { next: null, message: null };
    if (closed) return { refusal: `Job ${jobId} is ${state.status} and no longer needs acknowledging` };
    return { next: { ...state, acknowledged: true }, message: state.status === 'Emergency' ? 'SOS acknowledged' : 'Acknowledged' };
  }
  if (kind === 'take') {
    if (mine) return { next: null, message: null };
    if (closed) return { refusal: `Job ${jobId} is ${state.status} and can no longer be taken` };
    if (state.assignedTo !== UNASSIGNED) return { refusal: `${state.assignedTo} has already taken job ${jobId}` };
    return { next: { ...state, assignedTo: driver, acknowledged: true }, message: `Taken by ${driver}` };
  }
  if (!mine) {
    return { refusal: state.assignedTo === UNASSIGNED ? `Take job ${jobId} first` : `Job ${jobId} is assigned to ${state.assignedTo}` };
  }
  const to = STATUS_OF_TAP[kind] as JobStatus;
  const progress = kind === 'towing' ? TOWING_PROGRESS : progressAfter(to, state.progress);
  if (to === state.status) {
    if (progress <= state.progress) return { next: null, message: null };
    return { next: { ...state, progress }, message: `${DRIVER_TAPS[kind].label} (progress ${progress}%)` };
  }
  const refusal = transitionRefusal(jobId, state.status, to);
  if (refusal) return { refusal };
  return { next: { ...state, status: to, progress, acknowledged: true }, message: `${DRIVER_TAPS[kind].label}: status changed from ${state.status} to ${to}` };
}
