import { isActiveJobStatus, type Job, type JobStatus } from './jobs.js';
import { namedDriver } from './business.js';

/** An SOS nobody has acknowledged within this long is flagged red on the board. */
export const SOS_ACKNOWLEDGE_WITHIN_MS = 2 * 60_000;

/** An open SOS waits above the board's tabs until someone acknowledges it. */
export function isOpenSos(job: Pick<Job, 'status' | 'acknowledgement'>): boolean {
  return job.status === 'Emergency' && job.acknowledgement === null;
}

/** True when an open SOS has waited longer than SOS_ACKNOWLEDGE_WITHIN_MS for someone to acknowledge it. */
export function isSosOverdue(job: Pick<Job, 'status' | 'acknowledgement' | 'createdAt'>, now: number): boolean {
  return isOpenSos(job) && now - Date.parse(job.createdAt) > SOS_ACKNOWLEDGE_WITHIN_MS;
}

/** Statuses before the crew is on site: the ETA is still a promise to keep. */
const AWAITING_ARRIVAL: readonly JobStatus[] = ['Assigned', 'Emergency', 'Scheduled', 'En Route'];

/**
 * A job is stale when its ETA has come and gone and nothing has been recorded since before
 * then: the crew is late and the board does not know why.
 */
export function isJobStale(job: Pick<Job, 'status' | 'estimatedArrival' | 'updatedAt'>, now: number): boolean {
  if (!job.estimatedArrival || !AWAITING_ARRIVAL.includes(job.status)) return false;
  const eta = Date.parse(job.estimatedArrival);
  return now > eta && Date.parse(job.updatedAt) < eta;
}

/** PATCH /api/jobs/:id/details: the dispatcher sets or corrects the ETA (null clears it) and edits the notes. */
export interface UpdateJobDetailsRequest {
  estimatedArrival?: string | null;
  notes?: string | null;
}

export const JOB_NOTES_MAX_LENGTH = 5000;

/** One line of a job's history as admins see it (GET /api/jobs/:id/history), oldest first. */
export interface JobHistoryEntry {
  id: number;
  /** When it happened: for a tap made on a driver's phone, the phone's time, which may be well before it arrived. */
  at: string;
  /** When the server got it, when that differs from `at` (a tap sent later from a phone without signal). Optional so older payloads type-check. */
  receivedAt?: string;
  /** The staff member's username; null for the customer's own request or the system. */
  actor: string | null;
  /** The status the change left the job in. */
  status: JobStatus;
  message: string;
}

/** One step of the customer's timeline: when the job really reached a status. */
export interface JobTimelineStep {
  status: JobStatus;
  label: string;
  at: string;
}

/** GET /api/jobs/:id/timeline: the public view of the job's history, oldest first. */
/** GET /api/jobs/{id}/timeline: the job's watch key, from the lookup that proved the job. */
export interface JobTimelineQuery {
  key: string;
}

export interface JobTimeline {
  jobId: string;
  steps: JobTimelineStep[];
}


/** What the customer reads when the job reaches each status (docs/rules.md, "Jobs"). */
const STEP_LABELS: Record<JobStatus, string> = {
  Assigned: 'Job assigned',
  Emergency: 'Emergency request received',
  Scheduled: 'Job scheduled',
  'En Route': 'Driver en route',
  'In Progress': 'Driver arrived on site',
  Completed: 'Service completed successfully',
  Cancelled: 'Job cancelled',
};

/**
 * The customer's timeline from the job's history: its creation, then each time the status
 * really changed, at the time it was recorded. Lines that did not change the status (an
 * assignment, a note) are not the customer's business; nothing later than `now` is shown.
 */
export function timelineSteps(
  job: { assignedTo: string },
  history: ReadonlyArray<Pick<JobHistoryEntry, 'status' | 'at'>>,
  now: number,
): JobTimelineStep[] {
  const steps: JobTimelineStep[] = [];
  let previous: JobStatus | null = null;
  for (const entry of history) {
    if (Date.parse(entry.at) > now) break;
    if (previous === null) {
      steps.push({ status: entry.status, label: `Job created and assigned to ${namedDriver(job.assignedTo) ?? 'our team'}`, at: entry.at });
    } else if (entry.status !== previous) {
      steps.push({ status: entry.status, label: STEP_LABELS[entry.status], at: entry.at });
    }
    previous = entry.status;
  }
  return steps;
}

/** Jobs whose ETA and notes may still be planned: an open one. Notes stay editable on closed jobs. */
export function canPlanEta(status: JobStatus): boolean {
  return isActiveJobStatus(status);
}
