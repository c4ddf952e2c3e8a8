import { JobEntity, JobUpdateEntity, toJobView } from '@towing/db';
import type { UnitOfWork } from '../outbox/transaction.runner.js';
import type { RealtimeService } from '../realtime/realtime.service.js';

/** A line that is not a change of the job's own fields: a photo, a reading that was not recorded. */
export interface HistoryLine {
  jobId: string;
  status: string;
  message: string;
  actor: string;
}

/**
 * Writes the line inside `unit` and moves the job's updatedAt, since the board reads a job's
 * history again when that moves; after commit the boards hear the job.
 */
export async function addHistoryLine(unit: UnitOfWork, realtime: RealtimeService, line: HistoryLine): Promise<void> {
  const jobs = unit.manager.getRepository(JobEntity);
  await unit.manager.getRepository(JobUpdateEntity).insert(line);
  await jobs.update({ id: line.jobId }, { updatedAt: new Date() });
  const view = toJobView(await jobs.findOneByOrFail({ id: line.jobId }));
  unit.afterCommit(() => realtime.toAdmins('job:updated', view));
}
