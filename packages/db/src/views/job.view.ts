import type { GpsFix, Job, PublicJob } from '@towing/contracts';
import type { JobEntity } from '../entities/job.entity.js';

/** A job as admins see it over REST and sockets. */
export function toJobView(job: JobEntity): Job {
  return {
    id: job.id,
    customerName: job.customerName,
    phone: job.phone,
    phoneE164: job.phoneE164,
    email: job.email,
    service: job.service,
    location: job.location,
    notes: job.notes,
    vehicle: job.vehicle,
    situation: job.situation,
    status: job.status,
    assignedTo: job.assignedTo,
    estimatedArrival: job.estimatedArrival?.toISOString() ?? null,
    progress: job.progress,
    gps: toGpsFix(job),
    acknowledgement: job.acknowledgedBy && job.acknowledgedAt ? { by: job.acknowledgedBy, at: job.acknowledgedAt.toISOString() } : null,
    photoGps: job.photoGpsLat !== null && job.photoGpsLng !== null ? { lat: job.photoGpsLat, lng: job.photoGpsLng } : null,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
    heldAt: job.heldAt?.toISOString() ?? null,
  };
}

/** The stored fix, or null when the job has none. */
export function toGpsFix(job: Pick<JobEntity, 'gpsLat' | 'gpsLng' | 'gpsAccuracyM' | 'gpsFixedAt' | 'createdAt'>): GpsFix | null {
  if (job.gpsLat === null || job.gpsLng === null) return null;
  return {
    lat: job.gpsLat,
    lng: job.gpsLng,
    accuracyM: job.gpsAccuracyM,
    fixedAt: (job.gpsFixedAt ?? job.createdAt).toISOString(),
  };
}

/** What a customer screen may show to anyone who knows the job id. */
export function toPublicJobView(job: JobEntity): PublicJob {
  return {
    id: job.id,
    customerName: job.customerName,
    service: job.service,
    location: job.location,
    status: job.status,
    assignedTo: job.assignedTo,
    estimatedArrival: job.estimatedArrival?.toISOString() ?? null,
    progress: job.progress,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
  };
}
