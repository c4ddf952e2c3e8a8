import type { Job, PublicJob } from '@towing/contracts';
import type { JobEntity } from './job.entity.js';

/** A job as admins see it over REST and sockets. */
export function toJobView(job: JobEntity): Job {
  return {
    id: job.id,
    customerName: job.customerName,
    phone: job.phone,
    email: job.email,
    service: job.service,
    location: job.location,
    notes: job.notes,
    status: job.status,
    assignedTo: job.assignedTo,
    estimatedArrival: job.estimatedArrival?.toISOString() ?? null,
    progress: job.progress,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
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
