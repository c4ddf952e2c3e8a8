import type { LiveStats } from '@towing/contracts';
import { useState } from 'react';
import { api } from '../../shared/api/client';
import { useOnSocketConnect } from '../../shared/realtime/useOnSocketConnect';
import { useSocketEvent } from '../../shared/realtime/useSocketEvent';

/** The server's figures: read on every (re)connect, then kept current by pushes; read once when not `live`. */
export function useLiveStats(live = true): LiveStats | null {
  const [stats, setStats] = useState<LiveStats | null>(null);

  useOnSocketConnect(() => {
    api
      .call('GET /api/stats/live')
      .then(setStats)
      .catch(() => {
        // The card keeps its last figures; the next connect re-reads.
      });
  }, live);
  useSocketEvent('stats:changed', setStats, live);
  useSocketEvent('drivers:changed', ({ available }) => setStats((current) => (current ? { ...current, availableDrivers: available } : current)), live);

  return stats;
}
