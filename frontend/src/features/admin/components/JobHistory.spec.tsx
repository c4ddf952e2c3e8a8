import { jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { JobHistoryEntry } from '@towing/contracts';
import { queryClient, READ_RETRIES } from '../../../shared/query/queryClient';
import { AntdTheme } from '../../../shared/ui/AntdTheme';
import { JobHistory } from './JobHistory';
import { apiAnswer, fakeFetch, restoreFetch } from '../../../../test/api-answer';

const entries: JobHistoryEntry[] = [
  { id: 1, at: '2025-03-01T02:00:00.000Z', actor: null, status: 'Emergency', message: 'Job created (4x4 Recovery)' },
  { id: 2, at: '2025-03-01T02:03:00.000Z', actor: 'dean', status: 'En Route', message: 'SOS acknowledged; Status changed from Emergency to En Route' },
];

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
      return apiAnswer(503, { statusCode: 503, error: 'Service Unavailable', message: 'Busy, try again' });
    }
    return apiAnswer(200, entries);
  });
});
afterEach(() => {
  cleanup();
  restoreFetch();
  queryClient.clear();
  jest.useRealTimers();
});

const view = (updatedAt: string) => (
  <AntdTheme>
    <JobHistory jobId="JOB-2025-50" updatedAt={updatedAt} />
  </AntdTheme>
);

describe("the job card's history", () => {
  it('lists who changed what, when', async () => {
    render(view('2025-03-01T02:03:00.000Z'));
    await screen.findByText('SOS acknowledged; Status changed from Emergency to En Route');
    screen.getByText('1 Mar 2025, 10:03 am · dean');
    screen.getByText('1 Mar 2025, 10:00 am · customer or system');
    expect(reads).toEqual(['/api/jobs/JOB-2025-50/history']);
  });

  it('says when the history could not be read, rather than showing an empty panel, and reads it again on request', async () => {
    failures = 1 + READ_RETRIES;
    render(view('2025-03-01T02:03:00.000Z'));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the history.');
    expect(screen.queryByText('Job created (4x4 Recovery)')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Job created (4x4 Recovery)');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(reads).toHaveLength(2 + READ_RETRIES);
  });

  it('keeps the lines it has when a later read fails, and says so', async () => {
    const { rerender } = render(view('2025-03-01T02:03:00.000Z'));
    await screen.findByText('Job created (4x4 Recovery)');
    failures = 1 + READ_RETRIES;
    rerender(view('2025-03-01T02:09:00.000Z'));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the history.');
    screen.getByText('Job created (4x4 Recovery)');
  });
});
