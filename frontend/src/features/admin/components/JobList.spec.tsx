import { jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Job } from '@towing/contracts';
import { testJob } from '../test-jobs';
import { AntdTheme } from '../../../shared/ui/AntdTheme';
import { useAdminStore } from '../state/admin.store';
import { queryClient } from '../../../shared/query/queryClient';
import { BOARD, SEARCH_PAUSE_MS } from '../board-data';
import { JobList } from './JobList';
import { apiAnswer, fakeFetch, jsonBody, restoreFetch } from '../../../../test/api-answer';

const base = testJob();

interface Sent {
  url: string;
  method: string;
  body: unknown;
}
let sent: Sent[];
let answer: { status: number; body: unknown };

beforeEach(() => {
  sent = [];
  fakeFetch((url, init) => {
    sent.push({ url, method: init?.method ?? 'GET', body: jsonBody(init) });
    return apiAnswer(answer.status, answer.body);
  });
  queryClient.clear();
  useAdminStore.setState({ unseenSos: new Set() });
});
afterEach(() => {
  cleanup();
  restoreFetch();
});

function renderList(jobs: Job[]) {
  act(() => queryClient.setQueryData(BOARD.jobs, jobs));
  return render(
    <AntdTheme>
      <JobList />
    </AntdTheme>,
  );
}

const row = (id: string) => screen.getByTestId(`job-${id}`);
const button = (id: string, name: string) => within(row(id)).getByRole('button', { name }) as HTMLButtonElement;

describe('JobList', () => {
  it('enables the buttons by the state machine', () => {
    renderList([
      { ...base, id: 'JOB-2025-1', status: 'En Route', progress: 25 },
      { ...base, id: 'JOB-2025-2', status: 'Completed', progress: 100 },
    ]);
    expect(button('JOB-2025-1', 'Mark En Route').disabled).toBe(true);
    expect(button('JOB-2025-1', 'Start Service').disabled).toBe(false);
    expect(button('JOB-2025-1', 'Complete Job').disabled).toBe(false);
    expect(button('JOB-2025-1', 'Delete').disabled).toBe(true);
    for (const name of ['Mark En Route', 'Start Service', 'Complete Job', 'Cancel']) {
      expect(button('JOB-2025-2', name).disabled).toBe(true);
    }
    expect(button('JOB-2025-2', 'Delete').disabled).toBe(false);
  });

  it('sends Mark En Route as status and progress 25, shows the answer and says Job Updated', async () => {
    answer = { status: 200, body: { job: { ...base, status: 'En Route', progress: 25 } } };
    renderList([base]);
    fireEvent.click(button(base.id, 'Mark En Route'));
    await waitFor(() => expect(row(base.id).getAttribute('data-status')).toBe('En Route'));
    expect(sent[0]).toEqual({ url: '/api/jobs/JOB-2025-10', method: 'PATCH', body: { status: 'En Route', progress: 25 } });
    await screen.findByText('Job Updated');
  });

  it("says 'Failed to update job' when the server refuses", async () => {
    answer = { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'nope' } };
    renderList([base]);
    fireEvent.click(button(base.id, 'Complete Job'));
    await screen.findByText('Failed to update job');
    expect(row(base.id).getAttribute('data-status')).toBe('Assigned');
  });

  it('keeps a new SOS highlighted until someone acts on it', async () => {
    const sos = { ...base, id: 'JOB-2025-11', status: 'Emergency' as const };
    act(() => useAdminStore.getState().sosArrived(sos.id));
    renderList([sos]);
    expect(row(sos.id).className).toContain('admin-job-sos');
    fireEvent.click(row(sos.id));
    await waitFor(() => expect(row(sos.id).className).not.toContain('admin-job-sos'));
  });

  it('dials the stored E.164 form from the phone link', () => {
    renderList([{ ...base, phone: '0412 345 678', phoneE164: '+61412345678' }]);
    expect(within(row(base.id)).getByRole('link', { name: '0412 345 678' }).getAttribute('href')).toBe('tel:+61412345678');
  });

  describe('the stale flag', () => {
    const NOW = Date.parse('2025-03-01T04:00:00.000Z');
    const minutes = (offset: number) => new Date(NOW + offset * 60_000).toISOString();
    const stale = (id: string) => within(row(id)).queryByText('Stale');

    beforeEach(() => {
      jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'setTimeout', 'clearTimeout'] });
    });
    afterEach(() => {
      jest.useRealTimers();
    });

    it('marks a job whose ETA has passed with no change since, and no other', () => {
      renderList([
        { ...base, id: 'JOB-2025-60', status: 'En Route', estimatedArrival: minutes(-10), updatedAt: minutes(-40) },
        { ...base, id: 'JOB-2025-61', status: 'En Route', estimatedArrival: minutes(-10), updatedAt: minutes(-5) },
        { ...base, id: 'JOB-2025-62', status: 'Assigned', estimatedArrival: minutes(20), updatedAt: minutes(-40) },
        { ...base, id: 'JOB-2025-63', status: 'In Progress', estimatedArrival: minutes(-10), updatedAt: minutes(-40) },
      ]);
      expect(stale('JOB-2025-60')).toBeTruthy();
      expect(row('JOB-2025-60').className).toContain('admin-job-stale');
      for (const id of ['JOB-2025-61', 'JOB-2025-62', 'JOB-2025-63']) {
        expect(stale(id)).toBeNull();
        expect(row(id).className).not.toContain('admin-job-stale');
      }
    });

    it('raises the flag while the board is open, once the ETA goes by', () => {
      renderList([{ ...base, status: 'Assigned', estimatedArrival: minutes(1), updatedAt: minutes(-30) }]);
      expect(stale(base.id)).toBeNull();
      act(() => {
        jest.advanceTimersByTime(90_000);
      });
      expect(stale(base.id)).toBeTruthy();
    });
  });

  describe('the search', () => {
    beforeEach(() => {
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    });
    afterEach(() => {
      jest.useRealTimers();
    });

    it('asks the server once typing pauses, and shows the older jobs it finds', async () => {
      const older = { ...base, id: 'JOB-2024-5', customerName: 'Pat Older', status: 'Completed' as const, createdAt: '2024-06-01T02:00:00.000Z' };
      answer = { status: 200, body: [older] };
      renderList([{ ...base, id: 'JOB-2025-70', customerName: 'Kim Recent' }]);
      const box = screen.getByLabelText('Search jobs');
      fireEvent.change(box, { target: { value: 'Pa' } });
      fireEvent.change(box, { target: { value: 'Pat' } });
      act(() => jest.advanceTimersByTime(SEARCH_PAUSE_MS));
      await waitFor(() => row('JOB-2024-5'));
      // Only the paused text was asked for, not each keystroke.
      expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /api/jobs?search=Pat']);
      expect(screen.queryByTestId('job-JOB-2025-70')).toBeNull();
    });
  });
});
