import type { JobPhoto } from '@towing/contracts';
import { api } from '../../../shared/api/client';
import { useLiveQuery } from '../../../shared/realtime/live-query';
import { jobPhotosKey } from '../board-data';

const NONE: never[] = [];

/** A job's photos, grown live as the driver's photo lands after the SOS (board-data.ts). */
export function useJobPhotos(jobId: string): JobPhoto[] {
  // A card without its photos still shows everything else; the next connect reads them again.
  return useLiveQuery({ queryKey: jobPhotosKey(jobId), queryFn: () => api.call('GET /api/jobs/:id/photos', { params: { id: jobId } }) }).data ?? NONE;
}
