import type { Notifier } from '../../shared/ui/notification';
import { api } from '../../shared/api/client';
import { jobChanged } from './board-data';
import { useAdminStore } from './state/admin.store';

/** One click: the server records who acknowledged first and pushes it to every board. */
export async function acknowledgeJob(jobId: string, notification: Notifier): Promise<void> {
  useAdminStore.getState().sosSeen(jobId);
  try {
    const { job } = await api.call('POST /api/jobs/:id/acknowledge', { params: { id: jobId } });
    jobChanged(job);
  } catch {
    notification.error({ title: 'Failed to acknowledge', description: `${jobId} is still waiting; try again` });
  }
}
