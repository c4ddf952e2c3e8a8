import { JOB_PHOTO_MAX_BYTES, JOB_PHOTO_TYPES, type JobPhotoResponse } from '@towing/contracts';
import { HttpError } from '../../api/client';

export const PHOTO_ACCEPT = JOB_PHOTO_TYPES.join(',');

/** Why the server would refuse this file, checked before the driver spends their signal on it. */
export function photoProblem(file: File): string | null {
  if (!(JOB_PHOTO_TYPES as readonly string[]).includes(file.type)) return 'Photos must be JPEG, PNG, WebP or HEIC images';
  if (file.size > JOB_PHOTO_MAX_BYTES) return 'Photos can be at most 10 MB';
  return null;
}

/**
 * Attaches the photo to the SOS just created. The SOS's Idempotency-Key proves the sender. The
 * shared API client speaks JSON only; this one multipart call goes through fetch with the same
 * error type.
 */
export async function uploadJobPhoto(jobId: string, photo: File, idempotencyKey: string): Promise<JobPhotoResponse> {
  const body = new FormData();
  body.append('photo', photo, photo.name || 'photo');
  const response = await fetch(`/api/jobs/${encodeURIComponent(jobId)}/photos`, {
    method: 'POST',
    body,
    credentials: 'include',
    headers: { Accept: 'application/json', 'Idempotency-Key': idempotencyKey },
  });
  const text = await response.text();
  if (!response.ok) {
    let parsed: HttpError['body'] = null;
    try {
      parsed = JSON.parse(text) as HttpError['body'];
    } catch {
      // A proxy's HTML error page: the status line still explains it.
    }
    throw new HttpError(response.status, text, response.statusText, parsed);
  }
  return JSON.parse(text) as JobPhotoResponse;
}
