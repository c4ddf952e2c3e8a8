import { isActiveJobStatus, type Job, type JobStatus, todayInPerth } from '@towing/contracts';

const created = (job: Job) => Date.parse(job.createdAt);

/**
 * The board's order: emergencies first, then every other open job, each oldest first (the one
 * waiting longest on top), then closed jobs newest first.
 */
export function boardOrder(jobs: readonly Job[]): Job[] {
  const rank = (job: Job) => (job.status === 'Emergency' ? 0 : isActiveJobStatus(job.status) ? 1 : 2);
  return [...jobs].sort((a, b) => rank(a) - rank(b) || (rank(a) === 2 ? created(b) - created(a) : created(a) - created(b)) || a.id.localeCompare(b.id));
}

export interface JobFilters {
  statuses: JobStatus[];
  /** An assignee name; empty for everyone. */
  driver: string;
  /** YYYY-MM-DD in Perth: jobs created that day; empty for any day. */
  date: string;
  search: string;
}

export const NO_FILTERS: JobFilters = { statuses: [], driver: '', date: '', search: '' };

const digits = (text: string) => text.replace(/\D/g, '');

/** Search matches the id, customer, phone (ignoring spaces), email, location, service, vehicle, situation and notes. */
function matchesSearch(job: Job, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const haystack = [job.id, job.customerName, job.phone, job.email, job.location, job.service, job.vehicle, job.situation, job.notes].filter(Boolean).join('\n').toLowerCase();
  if (haystack.includes(needle)) return true;
  const number = digits(needle);
  return number.length >= 4 && [job.phone, job.phoneE164 ?? ''].some((phone) => digits(phone).includes(number));
}

export function filterJobs(jobs: readonly Job[], filters: JobFilters): Job[] {
  return jobs.filter(
    (job) =>
      (filters.statuses.length === 0 || filters.statuses.includes(job.status)) &&
      (!filters.driver || job.assignedTo === filters.driver) &&
      (!filters.date || todayInPerth(new Date(job.createdAt)) === filters.date) &&
      matchesSearch(job, filters.search),
  );
}
