import type { JobPhoto } from '@towing/contracts';
import { lazy, Suspense } from 'react';
import { useJobPhotos } from '../hooks/useJobPhotos';

/** antd's image viewer loads with the first photo to show, not with the board. */
const PhotoStrip = lazy(() => import('./PhotoStrip'));

/** Thumbnails of the driver's photos; a click opens the full image (the admin photo route). */
export function JobPhotos({ jobId, size = 72 }: { jobId: string; size?: number }) {
  const photos: JobPhoto[] = useJobPhotos(jobId);
  if (photos.length === 0) return null;
  return (
    <div className="board-photos" aria-label={`Photos of ${jobId}`}>
      <Suspense fallback={null}>
        <PhotoStrip jobId={jobId} photos={photos} size={size} />
      </Suspense>
    </div>
  );
}
