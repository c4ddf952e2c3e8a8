import type { TruckPosition, TruckPositionResponse } from '@towing/contracts';
import { api } from '../../../shared/api/client';
import { socketToCache, useLiveQuery } from '../../../shared/realtime/live-query';

const TRUCK_POSITION = ['truck-position'] as const;

// The watched job's truck, pushed (job:position) to this job's watchers only.
socketToCache('job:position', TRUCK_POSITION, (current: TruckPositionResponse, position, queryKey) =>
  queryKey[1] === position.jobId ? { position } : current,
);

/** Where the job's truck was last seen, kept current by its pushes; null while there is none. */
export function useTruckPosition(jobId: string, watchKey: string): TruckPosition | null {
  const read = useLiveQuery<TruckPositionResponse>({
    queryKey: [...TRUCK_POSITION, jobId, watchKey],
    queryFn: ({ signal }) => api.call('GET /api/jobs/:id/position', { params: { id: jobId }, query: { key: watchKey }, signal }),
  });
  return read.data?.position ?? null;
}
