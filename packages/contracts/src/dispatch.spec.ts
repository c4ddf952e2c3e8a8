import { isJobStale, isOpenSos, isSosOverdue, SOS_ACKNOWLEDGE_WITHIN_MS, timelineSteps } from './dispatch.js';
import type { JobStatus } from './jobs.js';

const CREATED = '2025-03-01T02:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(CREATED) + minutes * 60_000).toISOString();
const now = (minutes: number) => Date.parse(at(minutes));

describe('open SOS and its two-minute deadline', () => {
  const sos = { status: 'Emergency' as JobStatus, acknowledgement: null, createdAt: CREATED };

  it('is open until acknowledged, and only while it is an emergency', () => {
    expect(isOpenSos(sos)).toBe(true);
    expect(isOpenSos({ ...sos, acknowledgement: { by: 'dean', at: at(1) } })).toBe(false);
    expect(isOpenSos({ ...sos, status: 'En Route' })).toBe(false);
  });

  it('is overdue only after two minutes without an acknowledgement', () => {
    expect(SOS_ACKNOWLEDGE_WITHIN_MS).toBe(120_000);
    expect(isSosOverdue(sos, now(2))).toBe(false);
    expect(isSosOverdue(sos, now(2) + 1)).toBe(true);
    expect(isSosOverdue({ ...sos, acknowledgement: { by: 'dean', at: at(3) } }, now(10))).toBe(false);
  });
});

describe('isJobStale', () => {
  const job = { status: 'En Route' as JobStatus, estimatedArrival: at(30), updatedAt: at(5) };

  it('flags a job whose ETA passed with no change since before it', () => {
    expect(isJobStale(job, now(29))).toBe(false);
    expect(isJobStale(job, now(31))).toBe(true);
  });

  it('does not flag a job changed after its ETA, one on site or closed, or one without an ETA', () => {
    expect(isJobStale({ ...job, updatedAt: at(35) }, now(40))).toBe(false);
    for (const status of ['In Progress', 'Completed', 'Cancelled'] as const) expect(isJobStale({ ...job, status }, now(40))).toBe(false);
    expect(isJobStale({ ...job, estimatedArrival: null }, now(400))).toBe(false);
  });
});

describe('timelineSteps', () => {
  const history = [
    { status: 'Emergency' as JobStatus, at: at(0) },
    { status: 'Emergency' as JobStatus, at: at(1) },
    { status: 'En Route' as JobStatus, at: at(4) },
    { status: 'In Progress' as JobStatus, at: at(52) },
    { status: 'Completed' as JobStatus, at: at(95) },
  ];

  it('shows the creation and each real status change at its recorded time, skipping lines that changed no status', () => {
    expect(timelineSteps({ assignedTo: 'Dean' }, history, now(100))).toEqual([
      { status: 'Emergency', label: 'Job created and assigned to Dean', at: at(0) },
      { status: 'En Route', label: 'Driver en route', at: at(4) },
      { status: 'In Progress', label: 'Driver arrived on site', at: at(52) },
      { status: 'Completed', label: 'Service completed successfully', at: at(95) },
    ]);
  });

  it('names the team while nobody is assigned and leaves out anything later than now', () => {
    const steps = timelineSteps({ assignedTo: 'Unassigned' }, history, now(60));
    expect(steps.map((step) => step.label)).toEqual(['Job created and assigned to our team', 'Driver en route', 'Driver arrived on site']);
  });

  it('says so when a job is cancelled', () => {
    const steps = timelineSteps({ assignedTo: 'Matt' }, [history[0], { status: 'Cancelled', at: at(10) }], now(11));
    expect(steps.at(-1)).toEqual({ status: 'Cancelled', label: 'Job cancelled', at: at(10) });
  });
});
