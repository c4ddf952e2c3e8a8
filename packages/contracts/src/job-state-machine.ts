import type { Assignee } from './business.js';
import { isClosedJobStatus, type JobStatus } from './jobs.js';

/** PATCH /api/jobs/{id}: any of status, progress, assignedTo (docs/rules.md, "Jobs"). */
export interface UpdateJobRequest {
  status?: JobStatus;
  progress?: number;
  assignedTo?: Assignee;
}

/** The board's actions and the status and progress each leaves the job in (docs/rules.md, "Jobs"). */
export const JOB_ACTIONS = {
  enRoute: { label: 'Mark En Route', status: 'En Route', progress: 25 },
  startService: { label: 'Start Service', status: 'In Progress', progress: 50 },
  complete: { label: 'Complete Job', status: 'Completed', progress: 100 },
  cancel: { label: 'Cancel', status: 'Cancelled', progress: null },
} as const satisfies Record<string, { label: string; status: JobStatus; progress: number | null }>;

export type JobAction = keyof typeof JOB_ACTIONS;

/**
 * Where a job may go from each status. A job only moves forward: it can skip a step (a
 * dispatcher may start service without marking en route) but never go back, and a closed
 * job goes nowhere.
 */
const NEXT_STATUSES: Record<JobStatus, readonly JobStatus[]> = {
  Assigned: ['En Route', 'In Progress', 'Completed', 'Cancelled'],
  Emergency: ['En Route', 'In Progress', 'Completed', 'Cancelled'],
  Scheduled: ['En Route', 'In Progress', 'Completed', 'Cancelled'],
  'En Route': ['In Progress', 'Completed', 'Cancelled'],
  'In Progress': ['Completed', 'Cancelled'],
  Completed: [],
  Cancelled: [],
};

export function canTransition(from: JobStatus, to: JobStatus): boolean {
  return NEXT_STATUSES[from].includes(to);
}

export function canPerform(status: JobStatus, action: JobAction): boolean {
  return canTransition(status, JOB_ACTIONS[action].status);
}

/** Why a move is refused, in words a dispatcher understands; null when it is allowed. */
export function transitionRefusal(jobId: string, from: JobStatus, to: JobStatus): string | null {
  if (canTransition(from, to)) return null;
  if (isClosedJobStatus(from)) return `Job ${jobId} is ${from} and can no longer be changed`;
  return `Job ${jobId} cannot go from ${from} to ${to}`;
}

/** The progress a status change leaves the job at: the action's figure, or unchanged on cancel. */
export function progressAfter(to: JobStatus, current: number): number {
  const action = Object.values(JOB_ACTIONS).find((candidate) => candidate.status === to);
  return action?.progress ?? current;
}

/** Only closed jobs may be deleted, so no live job disappears from the board by a slip. */
export function canDeleteJob(status: JobStatus): boolean {
  return isClosedJobStatus(status);
}

/**
 * A job takes a new assignee or progress figure while it is open: the board's assignment
 * selector and buttons are disabled once it is Completed or Cancelled (docs/rules.md, "Jobs").
 */
export function isOpenForChanges(status: JobStatus): boolean {
  return !isClosedJobStatus(status);
}
