import type { Job } from '@towing/contracts';
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
