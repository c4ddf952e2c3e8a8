import type { LiveStats } from '@towing/contracts';
import { useEffect, useState } from 'react';
import { socketToCache, useLiveQuery } from '../../shared/realtime/live-query';
import { withSocketWatch } from '../../shared/realtime/socket';
import { readLiveStats } from './read';

const LIVE_STATS = ['stats', 'live'] as const;

socketToCache('stats:changed', LIVE_STATS, (_current: LiveStats, stats) => stats);
socketToCache('drivers:changed', LIVE_STATS, (current: LiveStats, { available }) => ({ ...current, availableDrivers: available }));

/**
 * While the card is on screen its socket gets `stats:changed` (the server sends it to no other
 * socket), asked for again on every (re)connect. True once the server has first said yes: the
 * first read waits for it, so no push can fall between the read and the watch.
 */
function useStatsWatch(): boolean {
  const [watching, setWatching] = useState(false);
  useEffect(
    () =>
      withSocketWatch(
        (socket) => socket.emit('stats:watch', () => setWatching(true)),
        (socket) => socket.emit('stats:unwatch'),
      ),
    [],
  );
  return watching;
}

/** The server's figures: read once the socket connects and watches them, then kept current by pushes. */
export function useLiveStats(): LiveStats | null {
  const watching = useStatsWatch();
  return useLiveQuery({ queryKey: LIVE_STATS, queryFn: readLiveStats, enabled: watching }).data ?? null;
}
