import { Emitter } from '@socket.io/component-emitter';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { averageResponseMinutes, type LiveStats, type WatchAck } from '@towing/contracts';
import { type AppSocket, getSocket } from '../../shared/realtime/socket';
import { queryClient } from '../../shared/query/queryClient';
import { LiveStatus } from './LiveStatus';
import { apiAnswer, fakeFetch, restoreFetch } from '../../../test/api-answer';

let served: LiveStats;
let reads: number;

let socket: AppSocket;
/** What the card asked the server over the socket, in order. */
let asked: string[];
/** The server's answer to the card's watch, held back while a test says so. */
let heldAnswer: (() => void) | undefined;
let holdAnswers = false;

/** Delivers an event to the tab's real socket listeners, as the socket does when the server pushes. */
async function push(event: string, ...args: unknown[]) {
  // The card attaches its listeners once the lazily loaded socket is there.
  await act(async () => {
    await getSocket();
  });
  act(() => {
    Emitter.prototype.emit.call(socket, event, ...args);
  });
}

const figure = (testId: string) => screen.getByTestId(testId).textContent;

beforeAll(async () => {
  // No server in jsdom: keep the socket from dialling out; the test plays the server's part.
  socket = await getSocket();
  socket.disconnect();
  // ...and answers what the card asks: it may watch the figures.
  socket.emit = ((event: string, ...args: unknown[]) => {
    asked.push(event);
    if (event === 'stats:watch') {
      const answer = () => (args[0] as (result: WatchAck) => void)({ ok: true });
      if (holdAnswers) heldAnswer = () => act(answer);
      else answer();
    }
    return socket;
  }) as AppSocket['emit'];
});

beforeEach(() => {
  reads = 0;
  asked = [];
  holdAnswers = false;
  heldAnswer = undefined;
  served = { availableDrivers: 2, averageResponseMinutes: averageResponseMinutes(0), activeJobs: 0 };
  fakeFetch((url) => {
    expect(url).toBe('/api/stats/live');
    reads += 1;
    return apiAnswer(200, served, 'OK');
  });
});

afterEach(() => {
  cleanup();
  restoreFetch();
  localStorage.clear();
  queryClient.clear();
});

describe('LiveStatusCard', () => {
  it("reads the server's figures on connect: 21 minutes with no responding jobs, drivers from the server not localStorage", async () => {
    localStorage.setItem('availableDrivers', '9');
    render(<LiveStatus />);
    screen.getByText('Connecting…');
    await push('connect');
    await waitFor(() => expect(figure('live-response')).toBe('21 min'));
    expect(figure('live-drivers')).toBe('2');
    expect(figure('live-active')).toBe('0');
  });

  it('follows stats:changed and drivers:changed pushes without polling', async () => {
    render(<LiveStatus />);
    await push('connect');
    await waitFor(() => expect(figure('live-drivers')).toBe('2'));

    await push('stats:changed', { availableDrivers: 2, averageResponseMinutes: averageResponseMinutes(4), activeJobs: 6 });
    await waitFor(() => expect(figure('live-response')).toBe('27 min'));
    expect(figure('live-active')).toBe('6');

    await push('stats:changed', { availableDrivers: 2, averageResponseMinutes: averageResponseMinutes(25), activeJobs: 30 });
    await waitFor(() => expect(figure('live-response')).toBe('45 min'));

    await push('drivers:changed', { available: 5 });
    await waitFor(() => expect(figure('live-drivers')).toBe('5'));
    expect(reads).toBe(1);
  });

  it('re-reads over REST on a reconnect, catching up on what it missed', async () => {
    render(<LiveStatus />);
    await push('connect');
    await waitFor(() => expect(figure('live-active')).toBe('0'));
    served = { availableDrivers: 3, averageResponseMinutes: 18, activeJobs: 1 };
    await push('connect');
    await waitFor(() => expect(figure('live-active')).toBe('1'));
    expect(figure('live-drivers')).toBe('3');
    expect(reads).toBe(2);
  });

  it('watches the figures only while it is on screen, and reads them once the server has said yes', async () => {
    holdAnswers = true;
    const card = render(<LiveStatus />);
    await push('connect');
    expect(asked).toEqual(['stats:watch']);
    expect(heldAnswer).toBeDefined();
    expect(reads).toBe(0);
    heldAnswer!();
    await waitFor(() => expect(figure('live-drivers')).toBe('2'));
    expect(reads).toBe(1);
    card.unmount();
    expect(asked).toEqual(['stats:watch', 'stats:unwatch']);
  });
});
