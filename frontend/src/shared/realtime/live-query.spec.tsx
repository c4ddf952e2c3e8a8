import { jest } from '@jest/globals';
import { Emitter } from '@socket.io/component-emitter';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { queryClient } from '../query/queryClient';
import { refetchOn, removeById, socketToCache, upsertById, useLiveQuery } from './live-query';
import { type AppSocket, getSocket } from './socket';

interface Row {
  id: string;
  name: string;
}

const KEY = ['live-query-spec'];
let served: Row[];
let reads: number;

socketToCache('booking:updated', KEY, (rows: Row[], booking) => upsertById(rows, { id: String(booking.id), name: booking.customerName }));
socketToCache('job:deleted', KEY, (rows: Row[], { id }) => removeById(rows, id));
const REREAD_MS = 2000;
refetchOn('sos:held', KEY, { atMostEveryMs: REREAD_MS });

function Rows() {
  const rows = useLiveQuery({
    queryKey: KEY,
    queryFn: async () => {
      reads += 1;
      return served;
    },
  });
  return <p data-testid="rows">{rows.data?.map((row) => row.name).join(', ') ?? 'reading'}</p>;
}

let socket: AppSocket;
/** No server in jsdom: the test plays the server's part on the tab's socket. */
const push = (event: string, payload?: unknown) => act(() => void Emitter.prototype.emit.call(socket, event, payload));

/** The socket connects: live queries read once it does, not before. */
async function connect() {
  await act(async () => {
    await getSocket();
  });
  push('connect');
}

beforeAll(async () => {
  socket = await getSocket();
  socket.disconnect();
});

beforeEach(() => {
  reads = 0;
  served = [{ id: '1', name: 'Kim' }];
});

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('live queries', () => {
  it('take socket pushes into the cache: insert, replace by id, remove', async () => {
    render(<Rows />);
    await connect();
    await screen.findByText('Kim');
    // TanStack hands changes to the screen on its next tick.
    const shown = (text: string) => waitFor(() => expect(screen.getByTestId('rows').textContent).toBe(text));
    push('booking:updated', { id: 2, customerName: 'Sam' });
    await shown('Sam, Kim');
    push('booking:updated', { id: 2, customerName: 'Sam Walker' });
    await shown('Sam Walker, Kim');
    push('job:deleted', { id: '1' });
    await shown('Sam Walker');
    expect(reads).toBe(1);
  });

  it('are read again when the socket comes back, since pushes sent meanwhile are lost', async () => {
    render(<Rows />);
    await connect();
    await screen.findByText('Kim');
    expect(reads).toBe(1);
    served = [{ id: '1', name: 'Kim' }, { id: '3', name: 'Ari' }];
    push('connect');
    await screen.findByText('Kim, Ari');
    expect(reads).toBe(2);
  });

  it('read again at most once a period for a push that can come many times a second', async () => {
    render(<Rows />);
    await connect();
    await screen.findByText('Kim');
    served = [{ id: '1', name: 'Kim' }, { id: '4', name: 'Lee' }];
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      for (let held = 0; held < 5; held += 1) push('sos:held', { source: 'a1' });
      expect(reads).toBe(1);
      act(() => jest.advanceTimersByTime(REREAD_MS));
    } finally {
      jest.useRealTimers();
    }
    await screen.findByText('Kim, Lee');
    expect(reads).toBe(2);
  });

  it('keep the newer of two versions of a row whichever arrives last', () => {
    const sent = { id: 'q1', status: 'sent', updatedAt: '2026-11-27T05:00:01.250Z' };
    const asked = { id: 'q1', status: 'draft', updatedAt: '2026-11-27T05:00:01.100Z' };
    // The worker's push (sent) overtook the answer to Text Quote (still draft).
    expect(upsertById([sent], asked)).toEqual([sent]);
    expect(upsertById([asked], sent)).toEqual([sent]);
    // A row without a version is replaced by whatever comes.
    expect(upsertById([{ id: 'q1', status: 'sent' }], { id: 'q1', status: 'draft' })).toEqual([{ id: 'q1', status: 'draft' }]);
  });
});
