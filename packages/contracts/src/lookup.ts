import type { JobPhotoKind } from './job-media.js';
import type { Job, PublicJob } from './jobs.js';

/**
 * GET /api/jobs/search: one job by its id, for someone who proves it is theirs. A visitor gives
 * the last four digits of the job's phone (public view) or the tracking link's token (full
 * view); the account that created or proved the job, and staff, need only the id. An unknown
 * id and a wrong proof get the same answer, `job: null`.
 */
export interface JobSearchResponse {
  job: Job | PublicJob | null;
  /** Pass to `job:watch` to receive this job's live updates; null when no job was found. */
  watchKey: string | null;
  /** True when the job has been rated already (the Rate link then says so instead of showing the form). */
  rated: boolean;
}

/** Who a lookup found. Contact details are only echoed back when the caller already supplied them. */
export interface LookupCustomer {
  name: string;
  phone: string | null;
  email: string | null;
}

/**
 * GET /api/jobs/lookup (a job id with its proof: every job under that job's phone) and
 * GET /api/me/jobs (the jobs the signed-in account created or proved): the customer's own jobs,
 * newest first, in the public view. `customer` is null when nothing matched, and for a visitor
 * asking /api/me/jobs (an ordinary answer, not an error).
 */
export interface CustomerJobsResponse {
  customer: LookupCustomer | null;
  jobs: PublicJob[];
  /** job id -> the key `job:watch` takes for it. */
  watchKeys: Record<string, string>;
}

/** POST /api/me/jobs/claim: the tracking link's token proves the job belongs to this account. */
export interface ClaimJobRequest {
  jobId: string;
  token: string;
}

/** POST /api/me/jobs/:id/verify: the code texted to the job's phone. */
export interface VerifyClaimCodeRequest {
  code: string;
}

/**
 * POST /api/me/jobs/:id/code: a 6-digit code is on its way to the phone on the job. The answer
 * is the same for a job id that does not exist, so it tells nothing about other people's jobs.
 */
export interface ClaimCodeSent {
  expiresAt: string;
}

/** A claim code: six digits. */
export const CLAIM_CODE_PATTERN = /^\d{6}$/;
/** How long a claim code can be used. */
export const CLAIM_CODE_TTL_MINUTES = 10;

/** A photo a stranded driver attached to an SOS. */
export interface JobPhoto {
  id: number;
  jobId: string;
  contentType: string;
  size: number;
  /** When it arrived at the server. */
  createdAt: string;
  /** Admin-only path of the image bytes. */
  url: string;
  kind: JobPhotoKind;
  /** When the phone made it (the driver's photos and the signature); null for the SOS photo. */
  takenAt: string | null;
  /** The name typed under a signature. */
  signedBy: string | null;
}

export interface JobPhotoResponse {
  photo: JobPhoto;
}

/**
 * What a photo may be. HEIC is left out on purpose: the server cannot decode HEVC, and leaving
 * it out of the file input's accept list makes an iPhone send JPEG instead.
 */
export const JOB_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const JOB_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** A job id and the proof a visitor gives for it: the phone's last four digits, or the tracking link's token. */
export interface JobProof {
  /** The job id, e.g. JOB-2025-123 (any letter case). */
  query: string;
  last4?: string;
  token?: string;
}

/** GET /api/jobs/search */
export type JobSearchQuery = JobProof;

/** GET /api/jobs/lookup */
export type CustomerLookupQuery = JobProof;

/** The last four digits of the job's phone, as a visitor proves a job id (trim what they typed first). */
export const LAST4_PATTERN = /^\d{4}$/;
/** What a visitor must add to a job id. */
export const LAST4_MESSAGE = 'Enter the last 4 digits of the phone number on the job';
