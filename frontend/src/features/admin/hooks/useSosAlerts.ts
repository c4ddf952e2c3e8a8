import { useSocketEvent } from '../../../shared/realtime/useSocketEvent';
import { useAdminStore } from '../state/admin.store';
import { raiseSosAlert } from '../sos-alert';

/** What a new SOS does beyond its place in the job list (board-data.ts): it is highlighted and sounds. */
export function useSosAlerts(): void {
  useSocketEvent('job:created', (job) => {
    if (job.status !== 'Emergency') return;
    useAdminStore.getState().sosArrived(job.id);
    raiseSosAlert(job);
  });
}
