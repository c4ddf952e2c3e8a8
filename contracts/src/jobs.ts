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

/** Jobs not Completed and not Cancelled are active (spec, public section 4). */
export function isActiveJobStatus(status: string): boolean {
  return status !== 'Completed' && status !== 'Cancelled';
}

/** A job as the API returns it to admins. Times are ISO 8601 strings in UTC. */
export interface Job {
  id: string;
  customerName: string;
  phone: string;
  email: string | null;
  service: string;
  location: string;
  notes: string | null;
  status: JobStatus;
  assignedTo: string;
  estimatedArrival: string | null;
  progress: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * A job as anyone may see it: what the customer screens show, without the customer's
 * contact details or the dispatcher's notes.
 */
export type PublicJob = Pick<
  Job,
  'id' | 'customerName' | 'service' | 'location' | 'status' | 'assignedTo' | 'estimatedArrival' | 'progress' | 'createdAt' | 'updatedAt'
>;

/** The emergency request a stranded driver's phone sends (spec, public section 7). */
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

export interface JobResponse {
  job: Job;
}

/** Defaults the emergency form applies to blank fields (spec, public section 5). */
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
