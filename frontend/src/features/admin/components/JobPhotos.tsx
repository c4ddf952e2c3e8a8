import type { JobPhoto } from '@towing/contracts';
import { lazy, Suspense } from 'react';
import { useJobPhotos } from '../hooks/useJobPhotos';

/** antd's image viewer loads with the first photo to show, not with the board. */
const PhotoStrip = lazy(() => import('./PhotoStrip'));

/**
 * Thumbnails of the job's photos; a click opens the full image (the admin photo route). The job
 * view captions each with what it is and when the phone made it; the SOS card has no room.
 */
export function JobPhotos({ jobId, size = 72, captioned = false }: { jobId: string; size?: number; captioned?: boolean }) {
  const photos: JobPhoto[] = useJobPhotos(jobId);
  if (photos.length === 0) return null;
  return (
    <div className="board-photos" aria-label={`Photos of ${jobId}`}>
      <Suspense fallback={null}>
        <PhotoStrip jobId={jobId} photos={photos} size={size} captioned={captioned} />
      </Suspense>
    </div>
  );
}
