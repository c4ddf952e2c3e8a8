export const ANNOUNCEMENT_TYPES = ['info', 'warning', 'urgent'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** An announcement as the API returns it. Times are ISO 8601 strings in UTC. */
export interface Announcement {
  id: number;
  title: string;
  message: string;
  type: AnnouncementType;
  active: boolean;
  showAsPopup: boolean;
  showInSidebar: boolean;
  createdAt: string;
  createdBy: string;
  /** After this instant it is no longer shown; null never expires. */
  expiresAt: string | null;
}

/** What the admin form sends to create or replace one. */
export interface AnnouncementInput {
  title: string;
  message: string;
  type: AnnouncementType;
  active: boolean;
  showAsPopup: boolean;
  showInSidebar: boolean;
  expiresAt?: string | null;
}

/** GET /api/announcements?active=true: only the live ones (what the public sees). */
export interface AnnouncementsQuery {
  active?: 'true' | 'false';
}
