import { lazy, Suspense } from 'react';
import { AnnouncementSidebar } from '../features/announcements/AnnouncementSidebar';
import { useActiveAnnouncements } from '../features/announcements/useActiveAnnouncements';
import { LiveStatus } from '../features/live-status/LiveStatus';

/** Loaded only when there is an announcement to pop up. */
const AnnouncementPopup = lazy(() => import('../features/announcements/AnnouncementPopup').then((module) => ({ default: module.AnnouncementPopup })));

/**
 * The shell's live parts of the public pages, kept current by socket pushes: the Live Status card
 * and the announcements. The board shows neither (its tiles show the same figures).
 */
export default function LiveAside() {
  const announcements = useActiveAnnouncements();
  return (
    <>
      <LiveStatus />
      <AnnouncementSidebar announcements={announcements} />
      {announcements.some((announcement) => announcement.showAsPopup) && (
        <Suspense fallback={null}>
          <AnnouncementPopup announcements={announcements} />
        </Suspense>
      )}
    </>
  );
}
