import { BUSINESS, isActiveJobStatus, type PublicJob, smsHref } from '@towing/contracts';

const time = new Intl.DateTimeFormat(BUSINESS.locale, { timeZone: BUSINESS.timeZone, hour: 'numeric', minute: '2-digit' });
const day = new Intl.DateTimeFormat(BUSINESS.locale, { timeZone: BUSINESS.timeZone, day: 'numeric', month: 'short', year: 'numeric' });
const monthYear = new Intl.DateTimeFormat(BUSINESS.locale, { timeZone: BUSINESS.timeZone, month: 'long', year: 'numeric' });

/** '2:15 pm' in Perth. */
export function formatPerthTime(value: string | Date): string {
  return time.format(typeof value === 'string' ? new Date(value) : value);
}

/** '1 Mar 2025' in Perth: the spec's 'MMM d, yyyy' in the en-AU order. */
export function formatPerthDate(value: string | Date): string {
  return day.format(typeof value === 'string' ? new Date(value) : value);
}

export function formatMonthYear(value: string | Date): string {
  return monthYear.format(typeof value === 'string' ? new Date(value) : value);
}

/** Jobs not Completed and not Cancelled are active; Cancelled ones appear in no list. */
export function splitJobs<J extends Pick<PublicJob, 'status'>>(jobs: J[]): { active: J[]; completed: J[] } {
  return {
    active: jobs.filter((job) => isActiveJobStatus(job.status)),
    completed: jobs.filter((job) => job.status === 'Completed'),
  };
}

/** A text to the office about one job, its id already written so dispatch knows which. */
export function aboutJobSmsHref(jobId: string): string {
  return smsHref(BUSINESS.phoneE164, `About job ${jobId}: `);
}

/** A job changed on the server replaces its copy in a list; a job we do not list is ignored. */
export function mergeJob<J extends { id: string }>(jobs: J[], updated: J): J[] {
  return jobs.some((job) => job.id === updated.id) ? jobs.map((job) => (job.id === updated.id ? { ...job, ...updated } : job)) : jobs;
}
