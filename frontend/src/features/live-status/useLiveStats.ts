import type { LiveStats } from '@towing/contracts';
import { socketToCache, useLiveQuery } from '../../shared/realtime/live-query';
import { readLiveStats } from './read';

const LIVE_STATS = ['stats', 'live'] as const;

socketToCache('stats:changed', LIVE_STATS, (_current: LiveStats, stats) => stats);
socketToCache('drivers:changed', LIVE_STATS, (current: LiveStats, { available }) => ({ ...current, availableDrivers: available }));

/** The server's figures: read once the socket connects, then kept current by pushes. */
export function useLiveStats(): LiveStats | null {
  return useLiveQuery({ queryKey: LIVE_STATS, queryFn: readLiveStats }).data ?? null;
}
