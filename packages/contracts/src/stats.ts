export interface LiveStats {
  availableDrivers: number;
  averageResponseMinutes: number;
  activeJobs: number;
}

export interface DriversAvailability {
  available: number;
}

export const DRIVERS = { min: 0, max: 10, default: 2 } as const;

/** Statuses that count towards the average response figure. */
export const RESPONSE_STATUSES = ['En Route', 'In Progress', 'Completed'] as const;

/** What each responding job adds to the average response, and the most they add together. */
const MINUTES_PER_RESPONDING_JOB = 3;
const MOST_RESPONDING_MINUTES = 30;

/** Responding jobs past this many no longer move the average response: the most a count of them needs to read. */
export const RESPONDING_JOBS_THAT_COUNT = MOST_RESPONDING_MINUTES / MINUTES_PER_RESPONDING_JOB;

/**
 * Average response shown on the Live Status card: 21 minutes with no En Route, In Progress
 * or Completed job; otherwise 15 plus 3 per such job, the per-job part capped at 30.
 */
export function averageResponseMinutes(respondingJobs: number): number {
  if (respondingJobs <= 0) return 21;
  return 15 + Math.min(MINUTES_PER_RESPONDING_JOB * respondingJobs, MOST_RESPONDING_MINUTES);
}

export type ServiceProbe = 'up' | 'down';

/** GET /api/health/live: the process serves HTTP, whatever PostgreSQL and Redis are doing (what a load balancer asks). */
export interface Liveness {
  status: 'ok';
}

/** GET /api/health: 200 when both answer, 503 when either does not. */
export interface Health {
  status: 'ok' | 'degraded';
  db: ServiceProbe;
  redis: ServiceProbe;
}
