import { jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AntdTheme } from '../../../shared/ui/AntdTheme';
import { BoardTiles } from './BoardTiles';
import { queryClient } from '../../../shared/query/queryClient';
import { BOARD } from '../board-data';
import { testJob } from '../test-jobs';
import { DRIVER_SAVE_DELAY_MS } from '../hooks/useDriverStepper';
import { apiAnswer, fakeFetch, jsonBody, restoreFetch } from '../../../../test/api-answer';

let puts: unknown[];
/** When set, each save waits for the test to answer it: a slow connection. */
let slow: Array<(available: number) => void> | null;

beforeEach(() => {
  jest.useFakeTimers();
  puts = [];
  slow = null;
  fakeFetch((_url, init) => {
    // The driver tile also shows the fleet's trucks: none here.
    if (init?.method !== 'PUT') return apiAnswer(200, []);
    const body = jsonBody(init) as { available: number };
    puts.push(body);
    if (slow) {
      const answers = slow;
      return new Promise<Response>((resolve) => answers.push((available) => resolve(apiAnswer(200, { available }))));
    }
    return apiAnswer(200, body);
  });
  act(() => {
    queryClient.setQueryData(BOARD.jobs, []);
    queryClient.setQueryData(BOARD.pendingBookings, []);
    queryClient.setQueryData(BOARD.drivers, { available: 2 });
  });
});

afterEach(() => {
  // Toasts live outside the rendered tree; one left over would answer for the next test.
  const close = screen.queryByRole('button', { name: 'Close' });
  if (close) fireEvent.click(close);
  cleanup();
  restoreFetch();
  jest.useRealTimers();
  queryClient.clear();
});

/** The clicking stops: the stepper's quiet time passes. */
const pause = (ms = DRIVER_SAVE_DELAY_MS) => act(() => jest.advanceTimersByTime(ms));

const renderTiles = () =>
  render(
    <AntdTheme>
      <BoardTiles />
    </AntdTheme>,
  );
const drivers = () => screen.getByLabelText('Available Drivers').textContent;

describe('the Available Drivers stepper', () => {
  it('moves the figure on every click but saves once, with one toast, after the last click', async () => {
    renderTiles();
    for (let i = 0; i < 3; i += 1) fireEvent.click(screen.getByRole('button', { name: 'More drivers' }));
    expect(drivers()).toBe('5');
    pause(DRIVER_SAVE_DELAY_MS - 1);
    expect(puts).toEqual([]);
    pause(1);
    await screen.findByText('5 drivers available');
    expect(puts).toEqual([{ available: 5 }]);
    expect(screen.getAllByText('Driver Count Updated')).toHaveLength(1);
    expect(queryClient.getQueryData(BOARD.drivers)).toEqual({ available: 5 });
  });

  it('keeps the figure clicked to while an earlier save is still on its way, and toasts once, for the last click', async () => {
    slow = [];
    const answers = slow;
    renderTiles();
    const more = screen.getByRole('button', { name: 'More drivers' });
    fireEvent.click(more);
    pause();
    await waitFor(() => expect(puts).toEqual([{ available: 3 }]));

    // The dispatcher clicks again before the server has answered.
    fireEvent.click(more);
    expect(drivers()).toBe('4');
    await act(async () => answers.shift()!(3));
    expect(drivers()).toBe('4');
    expect(screen.queryByText('Driver Count Updated')).toBeNull();

    pause();
    await waitFor(() => expect(puts).toEqual([{ available: 3 }, { available: 4 }]));
    expect(drivers()).toBe('4');
    await act(async () => answers.shift()!(4));
    await screen.findByText('4 drivers available');
    expect(screen.getAllByText('Driver Count Updated')).toHaveLength(1);
    expect(drivers()).toBe('4');
    expect(queryClient.getQueryData(BOARD.drivers)).toEqual({ available: 4 });
  });

  it('says "1 driver available", not "1 drivers"', async () => {
    renderTiles();
    fireEvent.click(screen.getByRole('button', { name: 'Fewer drivers' }));
    pause();
    await screen.findByText('1 driver available');
    await waitFor(() => expect(puts).toEqual([{ available: 1 }]));
  });
});

describe('the Total Jobs tile', () => {
  it("shows the server's count of every job, not only the board's window", () => {
    act(() => {
      queryClient.setQueryData(BOARD.jobs, [testJob()]);
      queryClient.setQueryData(BOARD.total, { total: 1234 });
    });
    renderTiles();
    expect(screen.getByLabelText('Total Jobs').textContent).toBe('1234');
  });
});
