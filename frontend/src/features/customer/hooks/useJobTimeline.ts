import type { JobTimelineStep, PublicJob } from '@towing/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryClient, useRereadOnChange } from '../../../shared/query/queryClient';

export interface JobTimelineRead {
  /** The last timeline read for this job; null until one arrives. */
  steps: JobTimelineStep[] | null;
  /** The latest read failed: until a retry succeeds, what is shown may lack the newest change. */
  failed: boolean;
  retry(): void;
}

/**
 * The job's timeline as the server recorded it. Every change to the job moves `updatedAt` (and
 * the portal hears of it through job:watch), so a new status is read back with its real time.
 */
export function useJobTimeline(job: Pick<PublicJob, 'id' | 'updatedAt'>, watchKey: string): JobTimelineRead {
  const read = useQuery(
    {
      queryKey: ['job-timeline', job.id, watchKey],
      queryFn: ({ signal }) => api.call('GET /api/jobs/:id/timeline', { params: { id: job.id }, query: { key: watchKey }, signal }),
    },
    queryClient,
  );
  useRereadOnChange(read, job.updatedAt);
  return { steps: read.data?.steps ?? null, failed: read.isError, retry: () => void read.refetch() };
}
