import type { Announcement } from '@towing/contracts';
import { socketToCache, useLiveQuery } from '../../shared/realtime/live-query';
import { readActiveAnnouncements } from './read';

const ACTIVE_ANNOUNCEMENTS = ['announcements', 'active'] as const;

// The push carries the whole active list.
socketToCache('announcements:changed', ACTIVE_ANNOUNCEMENTS, (_current: Announcement[], announcements) => announcements);

const NONE: never[] = [];

/** The active announcements: read once the socket connects, then replaced by each push. */
export function useActiveAnnouncements(): Announcement[] {
  return useLiveQuery({ queryKey: ACTIVE_ANNOUNCEMENTS, queryFn: readActiveAnnouncements }).data ?? NONE;
}
