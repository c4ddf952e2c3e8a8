import type { Job, PublicJob } from './jobs.js';

/**
 * GET /api/jobs/search?query=: one job by id, phone or name, newest first. Anyone gets the
 * public view; `token` (the secret in the customer's tracking link) opens the full view of that job.
 */
export interface JobSearchResponse {
  job: Job | PublicJob | null;
}

/** Who a lookup found. Contact details are only echoed back when the caller already supplied them. */
export interface LookupCustomer {
  name: string;
  phone: string | null;
  email: string | null;
}

/**
 * GET /api/jobs/lookup?query= (a phone number or job id) and GET /api/me/jobs (signed in):
 * the customer's own jobs, newest first, in the public view.
 */
export interface CustomerJobsResponse {
  customer: LookupCustomer | null;
  jobs: PublicJob[];
}

/** A photo a stranded driver attached to an SOS. */
export interface JobPhoto {
  id: number;
  jobId: string;
  contentType: string;
  size: number;
  createdAt: string;
  /** Admin-only path of the image bytes. */
  url: string;
}

export interface JobPhotoResponse {
  photo: JobPhoto;
}

export const JOB_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;
export const JOB_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
