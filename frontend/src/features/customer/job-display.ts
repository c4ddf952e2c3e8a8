import { BUSINESS, isActiveJobStatus, type PublicJob, smsHref } from '@towing/contracts';

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
