import type { PublicJob } from '@towing/contracts';
import { useEffect, useState } from 'react';
import { getSocket } from '../../realtime/socket';
import { useOnSocketConnect } from '../../realtime/useOnSocketConnect';
import { useSocketEvent } from '../../realtime/useSocketEvent';

/**
 * Keeps these jobs current through job:watch / job:updated (the public view). Rooms do not survive
 * a reconnect, so every connect watches again and calls `reread` for what was missed meanwhile.
 * Answers whether the server has confirmed the watch, so the screen can say updates are live.
 */
export function useWatchJobs(jobIds: string[], onUpdated: (job: PublicJob) => void, reread: () => void): boolean {
  const key = jobIds.join('\n');
  const [live, setLive] = useState<{ key: string; ok: boolean }>({ key: '', ok: false });

  useEffect(() => {
    const ids = key ? key.split('\n') : [];
    const socket = getSocket();
    let current = true;
    const watch = () => {
      let confirmed = 0;
      ids.forEach((id) =>
        socket.emit('job:watch', id, (ack) => {
          if (ack.ok) confirmed += 1;
          if (current && confirmed === ids.length) setLive({ key, ok: true });
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
      ids.forEach((id) => socket.emit('job:unwatch', id));
    };
  }, [key]);

  useOnSocketConnect(reread);
  useSocketEvent('job:updated', (job) => {
    if (jobIds.includes(job.id)) onUpdated(job);
  });

  return key !== '' && live.key === key && live.ok;
}
