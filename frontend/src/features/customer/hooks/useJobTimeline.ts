import type { JobTimelineStep, PublicJob } from '@towing/contracts';
import { useEffect, useState } from 'react';
import { api } from '../../../shared/api/client';

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
  const [timeline, setTimeline] = useState<{ jobId: string; steps: JobTimelineStep[] } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [failedRead, setFailedRead] = useState<string | null>(null);
  const read = `${job.id}@${job.updatedAt}/${watchKey}#${attempt}`;
  useEffect(() => {
    let current = true;
    api
      .call('GET /api/jobs/:id/timeline', { params: { id: job.id }, query: { key: watchKey } })
      .then((answer) => current && setTimeline(answer))
      .catch(() => current && setFailedRead(read));
    return () => {
      current = false;
    };
  }, [job.id, watchKey, read]);
  return {
    steps: timeline?.jobId === job.id ? timeline.steps : null,
    failed: failedRead === read,
    retry: () => setAttempt((count) => count + 1),
  };
}
