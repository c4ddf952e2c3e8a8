import { isActiveJobStatus, type PublicJob } from '@towing/contracts';
import { useEffect, useState } from 'react';
import { withSocket } from '../../../shared/realtime/socket';
import { useOnSocketConnect } from '../../../shared/realtime/useOnSocketConnect';
import { useSocketEvent } from '../../../shared/realtime/useSocketEvent';
import type { CustomerJobs } from './useCustomerJobs';

/**
 * Keeps these jobs current through job:watch / job:updated (the public view); each job is
 * watched with the key its lookup answered with. Rooms do not survive a reconnect, so every
 * connect watches again and calls `reread` for what was missed meanwhile. Answers whether the
 * server has confirmed the watch, so the screen can say updates are live.
 */
export function useWatchJobs(watchKeys: Record<string, string>, onUpdated: (job: PublicJob) => void, reread: () => void): boolean {
  const key = Object.entries(watchKeys)
    .map(([jobId, watchKey]) => `${jobId} ${watchKey}`)
    .sort()
    .join('\n');
  const [live, setLive] = useState<{ key: string; ok: boolean }>({ key: '', ok: false });

  useEffect(() => {
    const watched = key ? key.split('\n').map((line) => line.split(' ') as [string, string]) : [];
    let current = true;
    return withSocket((socket) => {
      const watch = () => {
        let confirmed = 0;
        watched.forEach(([jobId, watchKey]) =>
          socket.emit('job:watch', { jobId, key: watchKey }, (ack) => {
            if (ack.ok) confirmed += 1;
            if (current && confirmed === watched.length) setLive({ key, ok: true });
          }),
        );
      };
      const lost = () => setLive({ key, ok: false });
      if (socket.connected) watch();
      socket.on('connect', watch);
      socket.on('disconnect', lost);
      return () => {
        current = false;
        socket.off('connect', watch);
        socket.off('disconnect', lost);
        watched.forEach(([jobId]) => socket.emit('job:unwatch', jobId));
      };
    });
  }, [key]);

  useOnSocketConnect(reread);
  useSocketEvent('job:updated', (job) => {
    if (job.id in watchKeys) onUpdated(job);
  });

  return key !== '' && live.key === key && live.ok;
}

/** Keeps a customer's open jobs current: those their lookup handed watch keys for. */
export function useWatchActiveJobs({ jobs, watchKeys, applyUpdate, reread }: CustomerJobs): void {
  useWatchJobs(
    Object.fromEntries(jobs.filter((job) => isActiveJobStatus(job.status) && watchKeys[job.id]).map((job) => [job.id, watchKeys[job.id]!])),
    applyUpdate,
    reread,
  );
}
