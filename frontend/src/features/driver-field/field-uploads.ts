import { type JobMediaFields, type JobMediaKind, JOB_MEDIA_LABELS, type PositionBatchRequest, type PositionFix } from '@towing/contracts';

/**
 * A request for the phone's outbox (the driver page's offline queue): stored on the phone first,
 * sent in order with an Idempotency-Key when there is a network. Shaped as that queue takes it.
 */
export interface FieldUpload {
  kind: 'position' | 'photo' | 'signature';
  url: string;
  label: string;
  jobId: string;
  /** When the phone made it (ISO 8601). */
  madeAt: string;
  json?: PositionBatchRequest;
  form?: Record<string, Blob>;
}

/** Hands an upload to the phone's outbox (and sends it at once when it can). */
export type SendUpload = (upload: FieldUpload & ({ json: PositionBatchRequest } | { form: Record<string, Blob> })) => Promise<void>;

const jobPath = (jobId: string) => `/api/jobs/${encodeURIComponent(jobId)}`;

export function positionUpload(jobId: string, fixes: PositionFix[]) {
  return {
    kind: 'position' as const,
    url: `${jobPath(jobId)}/positions`,
    label: `Truck position${fixes.length > 1 ? ` (${fixes.length} fixes)` : ''} · ${jobId}`,
    jobId,
    madeAt: fixes[fixes.length - 1]!.fixedAt,
    json: { fixes },
  };
}

/** A photo or the signature, with the time the phone made it in the query (JobMediaFields). */
export function mediaUpload(jobId: string, kind: JobMediaKind, image: Blob, takenAt: string, signedBy?: string) {
  const fields: JobMediaFields = { kind, takenAt, ...(signedBy ? { signedBy } : {}) };
  return {
    kind: kind === 'signature' ? ('signature' as const) : ('photo' as const),
    url: `${jobPath(jobId)}/media?${new URLSearchParams({ ...fields }).toString()}`,
    label: `${JOB_MEDIA_LABELS[kind]} · ${jobId}`,
    jobId,
    madeAt: takenAt,
    form: { photo: image },
  };
}
