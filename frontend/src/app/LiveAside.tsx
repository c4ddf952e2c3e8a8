import { lazy, Suspense } from 'react';
import { AnnouncementSidebar } from '../features/announcements/AnnouncementSidebar';
import { useActiveAnnouncements } from '../features/announcements/useActiveAnnouncements';
import { LiveStatus } from '../features/live-status/LiveStatus';

/** Loaded only when there is an announcement to pop up. */
const AnnouncementPopup = lazy(() => import('../features/announcements/AnnouncementPopup').then((module) => ({ default: module.AnnouncementPopup })));

/**
 * The shell's live parts, kept current by socket pushes: the Live Status card (not on the board,
 * whose tiles show the same figures and which needs the width) and the announcements.
 */
export default function LiveAside({ onBoard }: { onBoard: boolean }) {
  const announcements = useActiveAnnouncements();
  return (
    <>
      {!onBoard && <LiveStatus />}
      <AnnouncementSidebar announcements={announcements} />
      {announcements.some((announcement) => announcement.showAsPopup) && (
        <Suspense fallback={null}>
          <AnnouncementPopup announcements={announcements} />
        </Suspense>
      )}
    </>
  );
}
