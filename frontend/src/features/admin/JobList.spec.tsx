import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Job } from '@towing/contracts';
import { AntdTheme } from '../../ui/AntdTheme';
import { useAdminStore } from './admin.store';
import { JobList } from './JobList';

const base: Job = {
  id: 'JOB-2025-10',
  customerName: 'Kim Nguyen',
  phone: '0412 345 678',
  email: null,
  service: '4x4 Recovery',
  location: 'Millstream Road',
  notes: null,
  status: 'Assigned',
  assignedTo: 'Unassigned',
  estimatedArrival: '2025-03-01T06:30:00.000Z',
  progress: 0,
  createdAt: '2025-03-01T02:00:00.000Z',
  updatedAt: '2025-03-01T02:00:00.000Z',
};

interface Sent {
  url: string;
  method: string;
  body: unknown;
}
let sent: Sent[];
let answer: { status: number; body: unknown };
const realFetch = globalThis.fetch;

beforeEach(() => {
  sent = [];
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(init.body as string) : undefined });
    const text = JSON.stringify(answer.body);
    return Promise.resolve({ ok: answer.status < 400, status: answer.status, statusText: '', text: () => Promise.resolve(text) } as Response);
  }) as typeof fetch;
  useAdminStore.setState({ jobs: [], unseenSos: new Set() });
});
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

function renderList(jobs: Job[]) {
  act(() => useAdminStore.getState().replace({ jobs }));
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
    expect(await screen.findByText('Job Updated')).toBeTruthy();
  });

  it("says 'Failed to update job' when the server refuses", async () => {
    answer = { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'nope' } };
    renderList([base]);
    fireEvent.click(button(base.id, 'Complete Job'));
    expect(await screen.findByText('Failed to update job')).toBeTruthy();
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
});
