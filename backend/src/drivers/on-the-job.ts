import { assignedDrivers } from '@towing/contracts';
import type { JobEntity, UserEntity } from '@towing/db';
import { conflict } from '../common/errors.js';

/**
 * What a driver sends from the truck (its position, photos, a signature) is for the jobs assigned
 * to them; the owners (admins) may act on any job. A job given to someone else meanwhile is a
 * conflict (409), not a refusal of the driver (403): the phone's queue drops that one upload with
 * its reason and sends the rest, where a 403 would stop it as signed out.
 */
export function assertOnTheJob(user: Pick<UserEntity, 'role' | 'firstName'>, job: Pick<JobEntity, 'id' | 'assignedTo'>): void {
  if (user.role === 'admin') return;
  if (!assignedDrivers(job.assignedTo).includes(user.firstName ?? '')) throw conflict(`Job ${job.id} is not assigned to you`);
}
