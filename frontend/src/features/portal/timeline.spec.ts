import type { JobStatus } from '@towing/contracts';
import { jobTimeline } from './timeline';

const job = (status: JobStatus, assignedTo = 'Jake') => ({
  status,
  assignedTo,
  createdAt: '2025-03-01T02:00:00.000Z',
  updatedAt: '2025-03-01T03:10:00.000Z',
});

const labels = (status: JobStatus) => jobTimeline(job(status)).map((step) => step.label);

describe('jobTimeline', () => {
  it('always starts with the job being created and assigned, at creation', () => {
    expect(jobTimeline(job('Assigned'))).toEqual([
      { label: 'Job created and assigned to Jake', at: new Date('2025-03-01T02:00:00.000Z') },
    ]);
  });

  it('names the team while nobody is assigned', () => {
    expect(jobTimeline(job('Emergency', 'Unassigned'))[0]!.label).toBe('Job created and assigned to our team');
    expect(jobTimeline(job('Emergency', ''))[0]!.label).toBe('Job created and assigned to our team');
  });

  it.each<[JobStatus, string[]]>([
    ['Emergency', ['Job created and assigned to Jake']],
    ['Scheduled', ['Job created and assigned to Jake']],
    ['Cancelled', ['Job created and assigned to Jake']],
    ['En Route', ['Job created and assigned to Jake', 'Driver en route']],
    ['In Progress', ['Job created and assigned to Jake', 'Driver en route', 'Driver arrived on site']],
    [
      'Completed',
      ['Job created and assigned to Jake', 'Driver en route', 'Driver arrived on site', 'Service completed successfully'],
    ],
  ])('shows the steps a %s job has reached', (status, expected) => {
    expect(labels(status)).toEqual(expected);
  });

  it('times en route 15 minutes and on site 30 minutes after creation, completion at the last update', () => {
    const times = jobTimeline(job('Completed')).map((step) => step.at.toISOString());
    expect(times).toEqual([
      '2025-03-01T02:00:00.000Z',
      '2025-03-01T02:15:00.000Z',
      '2025-03-01T02:30:00.000Z',
      '2025-03-01T03:10:00.000Z',
    ]);
  });
});
