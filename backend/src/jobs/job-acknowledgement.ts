import type { JobEntity } from '@towing/db';

/**
 * Records `actor` as the one who has the job, now, and answers its history line. Callers check
 * `acknowledgedAt` first: the first acknowledgement is the one that stands.
 */
export function recordAcknowledgement(job: JobEntity, actor: string): string {
  job.acknowledgedBy = actor;
  job.acknowledgedAt = new Date();
  return job.status === 'Emergency' ? 'SOS acknowledged' : 'Acknowledged';
}
