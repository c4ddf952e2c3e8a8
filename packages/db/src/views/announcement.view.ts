import type { Announcement } from '@towing/contracts';
import type { AnnouncementEntity } from '../entities/announcement.entity.js';

export function toAnnouncementView(announcement: AnnouncementEntity): Announcement {
  return {
    id: announcement.id,
    title: announcement.title,
    message: announcement.message,
    type: announcement.type,
    active: announcement.active,
    showAsPopup: announcement.showAsPopup,
    showInSidebar: announcement.showInSidebar,
    createdAt: announcement.createdAt.toISOString(),
    createdBy: announcement.createdBy,
    expiresAt: announcement.expiresAt?.toISOString() ?? null,
  };
}
