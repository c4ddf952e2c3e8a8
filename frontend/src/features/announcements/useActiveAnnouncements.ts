import type { Announcement } from '@towing/contracts';
import { useState } from 'react';
import { api } from '../../api/client';
import { useOnSocketConnect } from '../../realtime/useOnSocketConnect';
import { useSocketEvent } from '../../realtime/useSocketEvent';

/** The active announcements: read over REST on every (re)connect, then replaced by each push. */
export function useActiveAnnouncements(): Announcement[] {
  const [announcements, setAnnouncements] = useState<Announcement[]>([]);

  useOnSocketConnect(() => {
    api
      .get<Announcement[]>('/api/announcements?active=true')
      .then(setAnnouncements)
      .catch(() => {
        // Announcements are a courtesy; the next connect or push brings them.
      });
  });
  useSocketEvent('announcements:changed', setAnnouncements);

  return announcements;
}
