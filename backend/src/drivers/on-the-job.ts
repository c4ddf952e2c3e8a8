import { assignedDrivers } from '@towing/contracts';
import type { JobEntity, UserEntity } from '@towing/db';
import { forbidden } from '../common/errors.js';

/**
 * What a driver sends from the truck (its position, photos, a signature) is for the jobs assigned
 * to them; the owners (admins) may act on any job.
 */
export function assertOnTheJob(user: Pick<UserEntity, 'role' | 'firstName'>, job: Pick<JobEntity, 'id' | 'assignedTo'>): void {
  if (user.role === 'admin') return;
  if (!assignedDrivers(job.assignedTo).includes(user.firstName ?? '')) throw forbidden(`Job ${job.id} is not assigned to you`);
}
