import { jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AntdTheme } from '../../../shared/ui/AntdTheme';
import { useAdminStore } from '../state/admin.store';
import { queryClient } from '../../../shared/query/queryClient';
import { BOARD, jobChanged } from '../board-data';
import { testJob } from '../test-jobs';
import { DispatchOverview } from './DispatchOverview';
import { apiAnswer, fakeFetch, restoreFetch } from '../../../../test/api-answer';

const FIRST = Date.parse('2025-03-01T02:00:00.000Z');
/** Five SOS a minute apart, sent to the board newest first as a burst might arrive. */
const burst = [4, 3, 2, 1, 0].map((n) =>
  testJob({ id: `JOB-2025-${60 + n}`, status: 'Emergency', customerName: `Caller ${n}`, vehicle: n === 3 ? 'Prado' : null, createdAt: new Date(FIRST + n * 60_000).toISOString() }),
);
const assigned = testJob({ id: 'JOB-2025-90', status: 'Assigned' });

beforeEach(() => {
  jest.useFakeTimers({ now: FIRST + 5 * 60_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'setTimeout', 'clearTimeout'] });
  // The card's photos, conversation and escalation trail read their own lists: none here.
  fakeFetch(() => apiAnswer(200, []));
  localStorage.setItem('board.mapOpen', 'false');
  act(() => {
    queryClient.setQueryData(BOARD.jobs, [...burst, assigned]);
    useAdminStore.setState({ unseenSos: new Set(), openJobId: null });
  });
});

afterEach(() => {
  cleanup();
  jest.useRealTimers();
  restoreFetch();
  localStorage.clear();
  queryClient.clear();
});

const renderOverview = () =>
  render(
    <AntdTheme>
      <DispatchOverview />
    </AntdTheme>,
  );
const cards = () => screen.queryAllByRole('article').map((card) => card.getAttribute('aria-label'));
const rows = () => within(screen.getByLabelText('More open SOS')).getAllByRole('button').map((row) => row.getAttribute('aria-label'));

describe('a burst of open SOS', () => {
  it('shows the oldest as the one full card and the rest as rows with their waiting time, oldest first, under their count', () => {
    renderOverview();
    expect(cards()).toEqual(['SOS JOB-2025-60']);
    screen.getByText('4 more waiting');
    expect(rows()).toEqual([
      'SOS JOB-2025-61, Caller 1, waiting 4:00: open',
      'SOS JOB-2025-62, Caller 2, waiting 3:00: open',
      'SOS JOB-2025-63, Caller 3, waiting 2:00: open',
      'SOS JOB-2025-64, Caller 4, waiting 1:00: open',
    ]);
    within(screen.getByLabelText('More open SOS')).getByText('JOB-2025-63 · Caller 3 · Prado');

    act(() => jest.advanceTimersByTime(2_000));
    expect(rows()[3]).toBe('SOS JOB-2025-64, Caller 4, waiting 1:02: open');
  });

  it('opens a row as the full card, the one it replaces joining the rows, and goes back to the oldest once the opened one is acknowledged', async () => {
    renderOverview();
    fireEvent.click(screen.getByRole('button', { name: /^SOS JOB-2025-63,/ }));
    expect(cards()).toEqual(['SOS JOB-2025-63']);
    within(screen.getByTestId('sos-JOB-2025-63')).getByText('Vehicle: Prado');
    expect(rows().map((row) => row?.split(',')[0])).toEqual(['SOS JOB-2025-60', 'SOS JOB-2025-61', 'SOS JOB-2025-62', 'SOS JOB-2025-64']);

    const acknowledged = { ...burst[1]!, acknowledgement: { by: 'dean', at: new Date().toISOString() } };
    act(() => jobChanged(acknowledged));
    // The cache tells its readers on the next tick.
    await screen.findByText('3 more waiting');
    expect(cards()).toEqual(['SOS JOB-2025-60']);
  });

  it('shows a single SOS as its card alone, without rows', () => {
    act(() => queryClient.setQueryData(BOARD.jobs, [burst[4]!, assigned]));
    renderOverview();
    expect(cards()).toEqual(['SOS JOB-2025-60']);
    expect(screen.queryByLabelText('More open SOS')).toBeNull();
  });
});
