import type { PublicJob } from '@towing/contracts';

export interface TimelineStep {
  label: string;
  at: Date;
}

const MINUTE = 60_000;
const REACHED_EN_ROUTE = new Set(['En Route', 'In Progress', 'Completed']);
const REACHED_ON_SITE = new Set(['In Progress', 'Completed']);

/** 'Unassigned' is how the board says nobody yet; the customer reads that as our team. */
function assignee(assignedTo: string): string {
  const name = assignedTo.trim();
  return name && name !== 'Unassigned' ? name : 'our team';
}

/** The portal's live timeline (spec, public section 4). */
export function jobTimeline(job: Pick<PublicJob, 'status' | 'assignedTo' | 'createdAt' | 'updatedAt'>): TimelineStep[] {
  const created = new Date(job.createdAt);
  const steps: TimelineStep[] = [{ label: `Job created and assigned to ${assignee(job.assignedTo)}`, at: created }];
  if (REACHED_EN_ROUTE.has(job.status)) steps.push({ label: 'Driver en route', at: new Date(created.getTime() + 15 * MINUTE) });
  if (REACHED_ON_SITE.has(job.status)) steps.push({ label: 'Driver arrived on site', at: new Date(created.getTime() + 30 * MINUTE) });
  if (job.status === 'Completed') steps.push({ label: 'Service completed successfully', at: new Date(job.updatedAt) });
  return steps;
}
