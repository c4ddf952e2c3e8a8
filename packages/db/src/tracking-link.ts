import type { DataSource } from 'typeorm';
import { JobEntity } from './entities/job.entity.js';

/** The customer's link to the full view of one job; the token is the secret. */
export function trackingUrl(publicUrl: string, job: Pick<JobEntity, 'id' | 'trackingToken'>): string {
  return `${publicUrl}/customer-portal?search=${encodeURIComponent(job.id)}&token=${job.trackingToken}`;
}

/** A job with its tracking token, which ordinary reads never select. */
export function findJobWithToken(dataSource: DataSource, id: string): Promise<JobEntity | null> {
  return dataSource
    .getRepository(JobEntity)
    .createQueryBuilder('job')
    .addSelect('job.trackingToken')
    .where('job.id = :id', { id })
    .getOne();
}
