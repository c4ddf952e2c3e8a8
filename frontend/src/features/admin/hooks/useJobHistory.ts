import type { JobHistoryEntry } from '@towing/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryClient, useRereadOnChange } from '../../../shared/query/queryClient';

export interface JobHistoryRead {
  /** The last history read for this job; null until one arrives. */
  entries: JobHistoryEntry[] | null;
  /** The latest read failed: until a retry succeeds, what is shown may lack the newest lines. */
  failed: boolean;
  retry(): void;
}

/** The job's history, read again whenever the job changes (every change writes a line). */
export function useJobHistory(jobId: string, updatedAt: string): JobHistoryRead {
  const read = useQuery(
    {
      queryKey: ['job-history', jobId],
      queryFn: ({ signal }) => api.call('GET /api/jobs/:id/history', { params: { id: jobId }, signal }),
    },
    queryClient,
  );
  useRereadOnChange(read, updatedAt);
  return { entries: read.data ?? null, failed: read.isError, retry: () => void read.refetch() };
}
