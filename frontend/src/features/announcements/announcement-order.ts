import type { Announcement, AnnouncementType } from '@towing/contracts';

// Apart from the popup's dismissals (announcement-rules.ts), which need Perth's day: contracts' time
// module makes its date formats as it loads, which the SOS page, showing only the sidebar, need not pay for.

/** Spec: urgent and warning are known; anything else is shown as info. */
export function displayType(type: string): AnnouncementType {
  return type === 'urgent' || type === 'warning' ? type : 'info';
}

const SEVERITY: Record<AnnouncementType, number> = { urgent: 0, warning: 1, info: 2 };

/** Most severe first, then newest first: an urgent road closure never waits behind a holiday notice. */
export function byPriority(a: Announcement, b: Announcement): number {
  return SEVERITY[displayType(a.type)] - SEVERITY[displayType(b.type)] || b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
}

export function sidebarAnnouncements(announcements: Announcement[]): Announcement[] {
  return announcements.filter((announcement) => announcement.showInSidebar).sort(byPriority);
}
