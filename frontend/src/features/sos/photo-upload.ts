import { JOB_PHOTO_MAX_BYTES, JOB_PHOTO_TYPES, type JobPhotoResponse } from '@towing/contracts';
import { api } from '../../shared/api/client';

export const PHOTO_ACCEPT = JOB_PHOTO_TYPES.join(',');

/** Why the server would refuse this file, checked before the driver spends their signal on it. */
export function photoProblem(file: File): string | null {
  if (!(JOB_PHOTO_TYPES as readonly string[]).includes(file.type)) return 'Photos must be JPEG, PNG or WebP images';
  if (file.size > JOB_PHOTO_MAX_BYTES) return 'Photos can be at most 10 MB';
  return null;
}

/** Attaches the photo to the SOS just created. The SOS's Idempotency-Key proves the sender. */
export function uploadJobPhoto(jobId: string, photo: File, idempotencyKey: string): Promise<JobPhotoResponse> {
  const body = new FormData();
  body.append('photo', photo, photo.name || 'photo');
  return api.call('POST /api/jobs/:id/photos', { params: { id: jobId }, body, headers: { 'Idempotency-Key': idempotencyKey } });
}
