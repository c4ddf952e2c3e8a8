import type { LiveStats } from '@towing/contracts';
import { useState } from 'react';
import { api } from '../../api/client';
import { useOnSocketConnect } from '../../realtime/useOnSocketConnect';
import { useSocketEvent } from '../../realtime/useSocketEvent';

/** The server's figures: read on every (re)connect, then kept current by pushes. */
export function useLiveStats(): LiveStats | null {
  const [stats, setStats] = useState<LiveStats | null>(null);

  useOnSocketConnect(() => {
    api
      .get<LiveStats>('/api/stats/live')
      .then(setStats)
      .catch(() => {
        // The card keeps its last figures; the next connect re-reads.
      });
  });
  useSocketEvent('stats:changed', setStats);
  useSocketEvent('drivers:changed', ({ available }) => setStats((current) => (current ? { ...current, availableDrivers: available } : current)));

  return stats;
}
