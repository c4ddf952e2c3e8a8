import { jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { JobTimeline as Timeline } from '@towing/contracts';
import { queryClient, READ_RETRIES } from '../../../shared/query/queryClient';
import { AntdTheme } from '../../../shared/ui/AntdTheme';
import { JobTimeline } from './JobTimeline';
import { apiAnswer, fakeFetch, restoreFetch } from '../../../../test/api-answer';

let served: Timeline;
let reads: string[];
/** How many of the next reads fail, as on a connection that drops. */
let failures: number;

beforeEach(() => {
  // A failed read is tried again after a pause; the fake clock lets the test skip it.
  jest.useFakeTimers();
  reads = [];
  failures = 0;
  fakeFetch((url) => {
    reads.push(url);
    if (failures > 0) {
      failures -= 1;
      throw new TypeError('Failed to fetch');
    }
    return apiAnswer(200, served);
  });
});
afterEach(() => {
  cleanup();
  restoreFetch();
  queryClient.clear();
  jest.useRealTimers();
});

const job = (updatedAt: string) => ({ id: 'JOB-2025-41', updatedAt });
const view = (updatedAt: string) => (
  <AntdTheme>
    <JobTimeline job={job(updatedAt)} watchKey="watch-key-41" />
  </AntdTheme>
);

describe('the portal timeline', () => {
  it('shows each step at the time the server recorded it, in Perth', async () => {
    served = {
      jobId: 'JOB-2025-41',
      steps: [
        { status: 'Emergency', label: 'Job created and assigned to our team', at: '2025-03-01T02:00:00.000Z' },
        { status: 'En Route', label: 'Driver en route', at: '2025-03-01T02:07:00.000Z' },
      ],
    };
    render(view('2025-03-01T02:07:00.000Z'));
    await screen.findByText('Driver en route');
    screen.getByText('Job created and assigned to our team');
    const times = screen.getAllByText(/1 Mar 2025/).map((element) => element.textContent);
    expect(times).toEqual(['1 Mar 2025, 10:00 am', '1 Mar 2025, 10:07 am']);
    expect(reads).toEqual(['/api/jobs/JOB-2025-41/timeline?key=watch-key-41']);
  });

  it('reads the timeline again when the job changes, so a new status appears with its real time', async () => {
    served = { jobId: 'JOB-2025-41', steps: [{ status: 'Emergency', label: 'Job created and assigned to Dean', at: '2025-03-01T02:00:00.000Z' }] };
    const { rerender } = render(view('2025-03-01T02:00:00.000Z'));
    await screen.findByText('Job created and assigned to Dean');
    served = {
      jobId: 'JOB-2025-41',
      steps: [...served.steps, { status: 'In Progress', label: 'Driver arrived on site', at: '2025-03-01T02:51:00.000Z' }],
    };
    rerender(view('2025-03-01T02:51:00.000Z'));
    await screen.findByText('Driver arrived on site');
    screen.getByText('1 Mar 2025, 10:51 am');
    expect(reads).toHaveLength(2);
  });

  it('says when the timeline could not be read, instead of loading forever, and reads it again on request', async () => {
    served = { jobId: 'JOB-2025-41', steps: [{ status: 'Emergency', label: 'Job created and assigned to Dean', at: '2025-03-01T02:00:00.000Z' }] };
    failures = 1 + READ_RETRIES;
    render(view('2025-03-01T02:00:00.000Z'));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the timeline.');
    expect(screen.queryByText('Loading the timeline…')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Job created and assigned to Dean');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(reads).toHaveLength(2 + READ_RETRIES);
  });

  it('keeps the steps it has when a later read fails, and says the read failed', async () => {
    served = { jobId: 'JOB-2025-41', steps: [{ status: 'Emergency', label: 'Job created and assigned to Dean', at: '2025-03-01T02:00:00.000Z' }] };
    const { rerender } = render(view('2025-03-01T02:00:00.000Z'));
    await screen.findByText('Job created and assigned to Dean');
    failures = 1 + READ_RETRIES;
    rerender(view('2025-03-01T02:51:00.000Z'));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the timeline.');
    screen.getByText('Job created and assigned to Dean');
  });
});
