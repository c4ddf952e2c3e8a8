import { jest } from '@jest/globals';
import { Emitter } from '@socket.io/component-emitter';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { PublicJob } from '@towing/contracts';
import { MemoryRouter } from 'react-router-dom';
import { answerFrom, type ApiAnswers, fakeFetch, restoreFetch } from '../../../test/api-answer';
import { queryClient } from '../../shared/query/queryClient';
import { type AppSocket, getSocket } from '../../shared/realtime/socket';
import { AntdTheme } from '../../shared/ui/AntdTheme';
import { CustomerPortal } from './components/CustomerPortal';

const job: PublicJob = {
  id: 'JOB-2025-7',
  customerName: 'Dana Whitfield',
  service: '4x4 Recovery',
  location: 'Millstream road',
  status: 'Assigned',
  assignedTo: 'Dean',
  estimatedArrival: null,
  progress: 20,
  createdAt: '2025-03-01T02:00:00.000Z',
  updatedAt: '2025-03-01T03:00:00.000Z',
};

let calls: string[];
let answers: ApiAnswers;
/** What the page asked the server over the socket: the job:watch handshakes. */
let watches: unknown[];
let socket: AppSocket;

/** No server in jsdom: the test plays the server's part on the tab's socket. */
const push = (event: string, payload?: unknown) => act(() => void Emitter.prototype.emit.call(socket, event, payload));

beforeAll(async () => {
  socket = await getSocket();
  socket.disconnect();
  // The server confirms every watch, as it does for a key that matches its job.
  jest.spyOn(socket, 'emit').mockImplementation(((event: string, payload: unknown, ack?: (answer: { ok: boolean }) => void) => {
    if (event === 'job:watch') {
      watches.push(payload);
      ack?.({ ok: true });
    }
    return socket;
  }) as AppSocket['emit']);
});

beforeEach(() => {
  calls = [];
  watches = [];
  answers = { '/api/jobs/search': { status: 200, body: { job, watchKey: 'watch-key', rated: false } } };
  fakeFetch((url, init) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    return answerFrom(answers, url, { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not Found', errors: [] } });
  });
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  restoreFetch();
});

const show = (path: string) =>
  render(
    <AntdTheme>
      <MemoryRouter initialEntries={[path]}>
        <CustomerPortal />
      </MemoryRouter>
    </AntdTheme>,
  );

const searches = () => calls.filter((call) => call.startsWith('GET /api/jobs/search'));

describe('the customer portal', () => {
  it('opens the tracking link, watches the job and shows its pushes', async () => {
    show('/customer-portal?search=JOB-2025-7&token=tracking-token');
    await screen.findByText('Assigned');
    expect(searches()).toEqual(['GET /api/jobs/search?query=JOB-2025-7&token=tracking-token']);
    push('connect');
    await screen.findByText('Live updates on');
    expect(watches).toEqual([{ jobId: 'JOB-2025-7', key: 'watch-key' }]);

    push('job:updated', { ...job, status: 'En Route', progress: 60, updatedAt: '2025-03-01T03:30:00.000Z' });
    await screen.findByText('En Route');
  });

  it('watches again after a reconnect, since the server forgets rooms, and reads what was missed', async () => {
    show('/customer-portal?search=JOB-2025-7&token=tracking-token');
    await screen.findByText('Assigned');
    push('connect');
    await screen.findByText('Live updates on');
    push('disconnect');
    await screen.findByText('Connecting...');

    answers['/api/jobs/search'] = { status: 200, body: { job: { ...job, status: 'Completed', progress: 100 }, watchKey: 'watch-key', rated: false } };
    push('connect');
    await screen.findByText('Completed');
    await screen.findByText('Live updates on');
    expect(watches).toHaveLength(2);
    // One read at the first connect, one after the reconnect.
    expect(searches()).toHaveLength(3);
  });

  it('says when no job matches the id and digits typed', async () => {
    answers['/api/jobs/search'] = { status: 200, body: { job: null, watchKey: null, rated: false } };
    show('/customer-portal');
    fireEvent.change(await screen.findByLabelText('Job ID'), { target: { value: 'JOB-2025-404' } });
    fireEvent.change(screen.getByLabelText('Last 4 digits of your phone'), { target: { value: '5678' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await screen.findByText('Job Not Found');
    await screen.findByText('No Job Found');
    expect(searches()).toEqual(['GET /api/jobs/search?query=JOB-2025-404&last4=5678']);
    expect(watches).toEqual([]);
  });
});
