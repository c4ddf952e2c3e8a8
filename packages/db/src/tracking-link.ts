import { trackingPath } from '@towing/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { JobEntity } from './entities/job.entity.js';

/** The customer's link to the full view of one job; the token is the secret. */
export function trackingUrl(publicUrl: string, job: Pick<JobEntity, 'id' | 'trackingToken'>): string {
  return `${publicUrl}${trackingPath({ jobId: job.id, token: job.trackingToken })}`;
}

/**
 * A job with its tracking token, which ordinary reads never select. Pass a transaction's
 * EntityManager to read inside that transaction.
 */
export function findJobWithToken(source: DataSource | EntityManager, id: string): Promise<JobEntity | null> {
  return source
    .getRepository(JobEntity)
    .createQueryBuilder('job')
    .addSelect('job.trackingToken')
    .where('job.id = :id', { id })
    .getOne();
}
