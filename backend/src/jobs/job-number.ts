import { randomInt } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { BUSINESS } from '@towing/contracts';

const yearInPerth = new Intl.DateTimeFormat('en-AU', { timeZone: BUSINESS.timeZone, year: 'numeric' });
/** Random digits after the sequence number: a job id cannot be found by counting from another. */
const UNGUESSABLE_DIGITS = 6;

/** What a job id a caller sends may look like before it is looked up (lookups, `job:watch`). */
export const JOB_ID = /^[A-Za-z0-9-]{1,32}$/;

/**
 * The next job id as an SQL expression, JOB-{year in Perth}-{n}{6 random digits}, for the
 * statement that writes the job: n comes from a sequence, so ids never collide; the random tail
 * means knowing one job's id (your own) tells nothing about the next, so a phone's last four
 * digits cannot be tried against ids walked in order. `param` binds a value and gives its placeholder.
 */
export function nextJobIdSql(param: (value: unknown) => string, now = new Date()): string {
  const tail = String(randomInt(0, 10 ** UNGUESSABLE_DIGITS)).padStart(UNGUESSABLE_DIGITS, '0');
  return `${param(`JOB-${yearInPerth.format(now)}-`)} || nextval('job_number_seq') || ${param(tail)}`;
}

/** The next job id on its own, for a job written another way (the demo data, dated in the past). */
export async function nextJobId(manager: EntityManager, now = new Date()): Promise<string> {
  const values: unknown[] = [];
  const [{ id }] = (await manager.query(`SELECT ${nextJobIdSql((value) => `$${values.push(value)}`, now)} AS id`, values)) as Array<{ id: string }>;
  return id;
}
