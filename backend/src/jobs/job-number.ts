import type { EntityManager } from 'typeorm';
import { BUSINESS } from '@towing/contracts';

const yearInPerth = new Intl.DateTimeFormat('en-AU', { timeZone: BUSINESS.timeZone, year: 'numeric' });

/** The next job id, JOB-{year in Perth}-{n}; n comes from a sequence, so ids never collide. */
export async function nextJobId(manager: EntityManager, now = new Date()): Promise<string> {
  const [{ n }] = (await manager.query(`SELECT nextval('job_number_seq')::text AS n`)) as Array<{ n: string }>;
  return `JOB-${yearInPerth.format(now)}-${n}`;
}
