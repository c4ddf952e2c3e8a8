import type { EntityManager } from 'typeorm';
import { BUSINESS } from '@towing/contracts';

const yearInPerth = new Intl.DateTimeFormat('en-AU', { timeZone: BUSINESS.timeZone, year: 'numeric' });

/** What a job id a caller sends may look like before it is looked up (lookups, `job:watch`). */
export const JOB_ID = /^[A-Za-z0-9-]{1,32}$/;

/** The next job id, JOB-{year in Perth}-{n}; n comes from a sequence, so ids never collide. */
export async function nextJobId(manager: EntityManager, now = new Date()): Promise<string> {
  const [{ n }] = (await manager.query(`SELECT nextval('job_number_seq')::text AS n`)) as Array<{ n: string }>;
  return `JOB-${yearInPerth.format(now)}-${n}`;
}
