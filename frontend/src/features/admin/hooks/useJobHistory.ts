import type { JobHistoryEntry } from '@towing/contracts';
import { useEffect, useState } from 'react';
import { api } from '../../../shared/api/client';

export interface JobHistoryRead {
  /** The last history read for this job; null until one arrives. */
  entries: JobHistoryEntry[] | null;
  /** The latest read failed: until a retry succeeds, what is shown may lack the newest lines. */
  failed: boolean;
  retry(): void;
}

/** The job's history, re-read whenever the job changes (every change writes a line). */
export function useJobHistory(jobId: string, updatedAt: string): JobHistoryRead {
  const [history, setHistory] = useState<{ jobId: string; entries: JobHistoryEntry[] } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [failedRead, setFailedRead] = useState<string | null>(null);
  const read = `${jobId}@${updatedAt}#${attempt}`;
  useEffect(() => {
    let current = true;
    api
      .call('GET /api/jobs/:id/history', { params: { id: jobId } })
      .then((entries) => current && setHistory({ jobId, entries }))
      .catch(() => current && setFailedRead(read));
    return () => {
      current = false;
    };
  }, [jobId, read]);
  // While the next read is on its way the last one stays on screen rather than flashing empty.
  return {
    entries: history?.jobId === jobId ? history.entries : null,
    failed: failedRead === read,
    retry: () => setAttempt((count) => count + 1),
  };
}
