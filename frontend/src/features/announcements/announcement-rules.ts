import { type Announcement, todayInPerth } from '@towing/contracts';
import { byPriority } from './announcement-order';

/** localStorage key of the popups this browser has dismissed today. */
export const DISMISSED_STORAGE_KEY = 'dismissedAnnouncements';

interface StoredDismissals {
  day: string;
  ids: number[];
}

/** Dismissed ids for today; yesterday's list is forgotten so a still-active popup shows again once a day. */
export function loadDismissed(storage: Storage, now: Date): number[] {
  try {
    const stored = JSON.parse(storage.getItem(DISMISSED_STORAGE_KEY) ?? 'null') as StoredDismissals | null;
    if (stored && stored.day === todayInPerth(now) && Array.isArray(stored.ids)) return stored.ids;
  } catch {
    // Unreadable: treat as nothing dismissed.
  }
  storage.removeItem(DISMISSED_STORAGE_KEY);
  return [];
}

export function saveDismissed(storage: Storage, now: Date, ids: number[]): void {
  storage.setItem(DISMISSED_STORAGE_KEY, JSON.stringify({ day: todayInPerth(now), ids } satisfies StoredDismissals));
}

export interface PopupState {
  current: Announcement;
  /** 1-based position of current in the queue. */
  position: number;
  total: number;
}

/**
 * The popup to show now. `baseline` is what was dismissed before this visit began: the queue is fixed
 * against it so 'N of M' counts up as the visitor works through the popups.
 */
export function popupState(announcements: Announcement[], baseline: ReadonlySet<number>, dismissed: ReadonlySet<number>): PopupState | null {
  const queue = announcements.filter((announcement) => announcement.showAsPopup && !baseline.has(announcement.id)).sort(byPriority);
  const index = queue.findIndex((announcement) => !dismissed.has(announcement.id));
  if (index < 0) return null;
  return { current: queue[index], position: index + 1, total: queue.length };
}
