import type { JobPhoto } from '@towing/contracts';
import { useCallback, useState } from 'react';
import { api } from '../../../shared/api/client';
import { useOnSocketConnect } from '../../../shared/realtime/useOnSocketConnect';
import { useSocketEvent } from '../../../shared/realtime/useSocketEvent';

/** A job's photos, re-read on (re)connect and grown live as the driver's photo lands after the SOS. */
export function useJobPhotos(jobId: string): JobPhoto[] {
  const [photos, setPhotos] = useState<JobPhoto[]>([]);
  const reload = useCallback(() => {
    api
      .call('GET /api/jobs/:id/photos', { params: { id: jobId } })
      .then(setPhotos)
      // A card without its photos still shows everything else; the next connect retries.
      .catch(() => undefined);
  }, [jobId]);
  useOnSocketConnect(reload);
  useSocketEvent('job:photoAdded', (photo) => {
    if (photo.jobId === jobId) setPhotos((current) => (current.some((known) => known.id === photo.id) ? current : [...current, photo]));
  });
  return photos;
}
