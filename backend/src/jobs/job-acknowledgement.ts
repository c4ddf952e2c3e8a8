import type { JobEntity } from '@towing/db';
import type { UnitOfWork } from '../outbox/transaction.runner.js';

/**
 * Records `actor` as the one who has the job, now, and answers its history line. Callers check
 * `acknowledgedAt` first: the first acknowledgement is the one that stands, so an SOS's
 * stranded person hears who has it once (sos.acknowledged).
 */
export async function recordAcknowledgement(unit: UnitOfWork, job: JobEntity, actor: string): Promise<string> {
  job.acknowledgedBy = actor;
  job.acknowledgedAt = new Date();
  if (job.status !== 'Emergency') return 'Acknowledged';
  await unit.record('sos.acknowledged', { jobId: job.id, actor });
  return 'SOS acknowledged';
}
