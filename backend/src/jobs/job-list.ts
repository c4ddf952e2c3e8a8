import type { DataSource } from 'typeorm';
import { ACTIVE_JOB_STATUSES, type Job, JOB_LIST_MAX_PAGE, JOB_LIST_RECENT_DAYS, type JobListQuery } from '@towing/contracts';
import { JobEntity, toJobView } from '@towing/db';

/** LIKE's wildcards in what the dispatcher typed match themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The jobs the board and the figures count, as SQL on the jobs table under `alias`: held SOS (and
 * discarded ones) are folded on the board; one a dispatcher moved on is a job like any other.
 */
export const notHeld = (alias: string): string => `(${alias}.held_at IS NULL OR ${alias}.status NOT IN ('Emergency', 'Cancelled'))`;
const NOT_HELD = notHeld('job');

/** GET /api/jobs/count: the board's Total Jobs, every job it would list, beyond its window. */
export async function countJobs(dataSource: DataSource): Promise<number> {
  return dataSource.getRepository(JobEntity).createQueryBuilder('job').where(NOT_HELD).getCount();
}

/**
 * GET /api/jobs, bounded whatever the table holds. Without a search: the board's window, every
 * open job that is not held and the jobs closed in the last JOB_LIST_RECENT_DAYS days; if even
 * that is more than a page, emergencies are kept first, newest first (the SOS that just came
 * in is never the one cut), then other open jobs, then closed ones; the answer is newest first
 * either way. With a search, status or
 * before: every job that matches, held ones too, newest first, a page at a time.
 */
export async function listJobs(dataSource: DataSource, query: JobListQuery): Promise<Job[]> {
  const limit = Math.min(query.limit ?? JOB_LIST_MAX_PAGE, JOB_LIST_MAX_PAGE);
  const jobs = dataSource.getRepository(JobEntity).createQueryBuilder('job');
  const search = query.search?.trim();
  if (!search && !query.status && !query.before) {
    jobs
      .where(NOT_HELD)
      .andWhere(`(job.status IN (:...active) OR job.updatedAt >= now() - make_interval(days => :days))`, { active: ACTIVE_JOB_STATUSES, days: JOB_LIST_RECENT_DAYS })
      .orderBy(`CASE WHEN job.status = 'Emergency' THEN 0 WHEN job.status IN (:...active) THEN 1 ELSE 2 END`, 'ASC');
  } else {
    if (search) {
      const digits = search.replace(/\D/g, '');
      jobs.where(
        `(job.id ILIKE :text OR job.customerName ILIKE :text OR job.phone ILIKE :text OR job.email ILIKE :text OR job.location ILIKE :text OR job.vehicle ILIKE :text OR job.situation ILIKE :text OR job.notes ILIKE :text${digits.length >= 4 ? ' OR job.phoneE164 LIKE :digits' : ''})`,
        { text: likePattern(search), digits: `%${digits}%` },
      );
    }
    if (query.status) jobs.andWhere('job.status = :status', { status: query.status });
    if (query.before) jobs.andWhere('job.createdAt < :before', { before: new Date(query.before) });
  }
  const found = await jobs.addOrderBy('job.createdAt', 'DESC').addOrderBy('job.id', 'DESC').limit(limit).getMany();
  // Whatever was kept, the answer is newest first, as the spec's list is.
  return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id)).map(toJobView);
}
