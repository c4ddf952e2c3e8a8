import type { DriverBoard } from '@towing/contracts';
import { api } from '../../shared/api/client';
import { refetchOn } from '../../shared/realtime/live-query';

export const DRIVER_BOARD = ['driver-board'] as const;
export const DRIVER_SESSION = ['driver-session'] as const;

/** Where the last board read is kept, so /driver opened with no signal still shows the jobs it last knew. */
const LAST_BOARD_KEY = 'driverBoard';

/** The board as the server has it; remembered on the phone for the next time there is no signal. */
export async function readDriverBoard(): Promise<DriverBoard> {
  const board = await api.call('GET /api/driver/board');
  localStorage.setItem(LAST_BOARD_KEY, JSON.stringify({ board, at: new Date().toISOString() }));
  return board;
}

/** The board this phone last read, and when; null when it never has. */
export function lastKnownBoard(): { board: DriverBoard; at: string } | null {
  try {
    const stored = JSON.parse(localStorage.getItem(LAST_BOARD_KEY) ?? 'null') as { board: DriverBoard; at: string } | null;
    return stored && Array.isArray(stored.board?.sos) ? stored : null;
  } catch {
    return null;
  }
}

export function forgetBoard(): void {
  localStorage.removeItem(LAST_BOARD_KEY);
}

// Anything the board changes (a job, a booking) tells the drivers' sockets to read again; the
// server already sends at most one such push per batch window.
refetchOn('driver:board', DRIVER_BOARD);
