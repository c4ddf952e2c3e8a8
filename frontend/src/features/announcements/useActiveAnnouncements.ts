import type { Announcement } from '@towing/contracts';
import { useState } from 'react';
import { api } from '../../shared/api/client';
import { useOnSocketConnect } from '../../shared/realtime/useOnSocketConnect';
import { useSocketEvent } from '../../shared/realtime/useSocketEvent';

/** The active announcements: read over REST on every (re)connect, then replaced by each push; read once when not `live`. */
export function useActiveAnnouncements(live = true): Announcement[] {
  const [announcements, setAnnouncements] = useState<Announcement[]>([]);

  useOnSocketConnect(() => {
    api
      .call('GET /api/announcements', { query: { active: 'true' } })
      .then(setAnnouncements)
      .catch(() => {
        // Announcements are a courtesy; the next connect or push brings them.
      });
  }, live);
  useSocketEvent('announcements:changed', setAnnouncements, live);

  return announcements;
}
