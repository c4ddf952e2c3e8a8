import { isActiveJobStatus } from '@towing/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryClient } from '../../../shared/query/queryClient';
import { useSocketPushes } from '../../../shared/realtime/live-query';
import { withSocket } from '../../../shared/realtime/socket';
import { CUSTOMER_JOBS, type CustomerJobs } from './useCustomerJobs';

/**
 * Keeps these jobs current through job:watch: each job is watched with the key its lookup
 * answered with, and the job:updated pushes (the public view) reach the cached read under
 * `readKey` through its socketToCache rule. Rooms do not survive a reconnect, so every connect
 * watches again and, once the server confirms, reads `readKey` again for what was missed
 * meanwhile. Answers whether the server has confirmed the watch, so the screen can say updates are live.
 */
export function useWatchJobs(watchKeys: Record<string, string>, readKey: QueryKey): boolean {
  const key = Object.entries(watchKeys)
    .map(([jobId, watchKey]) => `${jobId} ${watchKey}`)
    .sort()
    .join('\n');
  const [live, setLive] = useState<{ key: string; ok: boolean }>({ key: '', ok: false });
  useSocketPushes();
  const readAgain = JSON.stringify(readKey);

  useEffect(() => {
    const watched = key ? key.split('\n').map((line) => line.split(' ') as [string, string]) : [];
    let current = true;
    return withSocket((socket) => {
      const watch = (reconnected: boolean) => {
        let confirmed = 0;
        watched.forEach(([jobId, watchKey]) =>
          socket.emit('job:watch', { jobId, key: watchKey }, (ack) => {
            if (ack.ok) confirmed += 1;
            if (!current || confirmed !== watched.length) return;
            setLive({ key, ok: true });
            if (reconnected) void queryClient.invalidateQueries({ queryKey: JSON.parse(readAgain) as QueryKey });
          }),
        );
      };
      const connected = () => watch(true);
      const lost = () => setLive({ key, ok: false });
      if (socket.connected) watch(false);
      socket.on('connect', connected);
      socket.on('disconnect', lost);
      return () => {
        current = false;
        socket.off('connect', connected);
        socket.off('disconnect', lost);
        watched.forEach(([jobId]) => socket.emit('job:unwatch', jobId));
      };
    });
  }, [key, readAgain]);

  return key !== '' && live.key === key && live.ok;
}

/** Keeps a customer's open jobs current: those their lookup handed watch keys for. */
export function useWatchActiveJobs({ jobs, watchKeys }: Pick<CustomerJobs, 'jobs' | 'watchKeys'>): void {
  useWatchJobs(
    Object.fromEntries(jobs.filter((job) => isActiveJobStatus(job.status) && watchKeys[job.id]).map((job) => [job.id, watchKeys[job.id]!])),
    CUSTOMER_JOBS,
  );
}
