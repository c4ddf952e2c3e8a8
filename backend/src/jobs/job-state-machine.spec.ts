import {
  canDeleteJob,
  canPerform,
  isOpenForChanges,
  canTransition,
  JOB_ACTIONS,
  JOB_STATUSES,
  type JobStatus,
  progressAfter,
  transitionRefusal,
} from '@towing/contracts';

const OPEN: JobStatus[] = ['Assigned', 'Emergency', 'Scheduled', 'En Route', 'In Progress'];

/** Every legal move, written out by hand so a change to the rules has to change this list too. */
const LEGAL: Array<[JobStatus, JobStatus]> = [
  ['Assigned', 'En Route'],
  ['Assigned', 'In Progress'],
  ['Assigned', 'Completed'],
  ['Assigned', 'Cancelled'],
  ['Emergency', 'En Route'],
  ['Emergency', 'In Progress'],
  ['Emergency', 'Completed'],
  ['Emergency', 'Cancelled'],
  ['Scheduled', 'En Route'],
  ['Scheduled', 'In Progress'],
  ['Scheduled', 'Completed'],
  ['Scheduled', 'Cancelled'],
  ['En Route', 'In Progress'],
  ['En Route', 'Completed'],
  ['En Route', 'Cancelled'],
  ['In Progress', 'Completed'],
  ['In Progress', 'Cancelled'],
];

const isLegal = (from: JobStatus, to: JobStatus) => LEGAL.some(([a, b]) => a === from && b === to);
const ALL_PAIRS = JOB_STATUSES.flatMap((from) => JOB_STATUSES.map((to) => [from, to] as [JobStatus, JobStatus]));

describe('job state machine', () => {
  it.each(LEGAL)('allows %s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
    expect(transitionRefusal('JOB-2025-1', from, to)).toBeNull();
  });

  it.each(ALL_PAIRS.filter(([from, to]) => !isLegal(from, to)))('refuses %s -> %s with a reason', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
    expect(transitionRefusal('JOB-2025-1', from, to)).toMatch(/^Job JOB-2025-1 /);
  });

  it('explains that a closed job can no longer change', () => {
    expect(transitionRefusal('JOB-2025-7', 'Completed', 'En Route')).toBe('Job JOB-2025-7 is Completed and can no longer be changed');
    expect(transitionRefusal('JOB-2025-7', 'En Route', 'Assigned')).toBe('Job JOB-2025-7 cannot go from En Route to Assigned');
  });

  it('gives each button its status and progress', () => {
    expect(JOB_ACTIONS.enRoute).toMatchObject({ label: 'Mark En Route', status: 'En Route', progress: 25 });
    expect(JOB_ACTIONS.startService).toMatchObject({ label: 'Start Service', status: 'In Progress', progress: 50 });
    expect(JOB_ACTIONS.complete).toMatchObject({ label: 'Complete Job', status: 'Completed', progress: 100 });
    expect(progressAfter('En Route', 0)).toBe(25);
    expect(progressAfter('In Progress', 25)).toBe(50);
    expect(progressAfter('Completed', 50)).toBe(100);
    expect(progressAfter('Cancelled', 25)).toBe(25);
  });

  it.each(JOB_STATUSES)('enables the buttons of a %s job by the same rule', (status) => {
    for (const action of Object.keys(JOB_ACTIONS) as Array<keyof typeof JOB_ACTIONS>) {
      expect(canPerform(status, action)).toBe(isLegal(status, JOB_ACTIONS[action].status));
    }
  });

  it.each(JOB_STATUSES)('deletes and reassigns a %s job only as the spec says', (status) => {
    const open = OPEN.includes(status);
    expect(canDeleteJob(status)).toBe(!open);
    expect(isOpenForChanges(status)).toBe(open);
  });
});
