/**
 * What the driver records on a job from /driver: the vehicle's condition before the hook-up
 * and at drop-off (against damage claims), and the customer's signature releasing it. Each is
 * an image stored like the SOS photo (job_photos), with the time the phone made it.
 */
export const JOB_MEDIA_KINDS = ['pickup', 'dropoff', 'signature'] as const;
export type JobMediaKind = (typeof JOB_MEDIA_KINDS)[number];

/** Every image a job holds: the SOS sender's photo, and what the driver recorded. */
export type JobPhotoKind = 'sos' | JobMediaKind;

export const JOB_MEDIA_LABELS: Record<JobPhotoKind, string> = {
  sos: 'SOS photo',
  pickup: 'Photo at pickup',
  dropoff: 'Photo at drop-off',
  signature: 'Customer signature',
};

/** Enough for all four sides, the odometer and the damage of a vehicle, twice, and a signature. */
export const JOB_MEDIA_MAX_PER_JOB = 30;
export const SIGNED_BY_MAX_LENGTH = 100;

/**
 * POST /api/jobs/:id/media, multipart/form-data: the image in `photo`, and these fields. The
 * request's Idempotency-Key makes a resend from the phone's queue store nothing twice.
 */
export interface JobMediaFields {
  kind: JobMediaKind;
  /** When the phone took the photo or the customer signed (ISO 8601). */
  takenAt: string;
  /** The name the customer typed under their signature (signature only). */
  signedBy?: string;
}

export const SIGNED_BY_MESSAGE = 'Please type the name of the person signing';
