import type { DriverBoard, User } from '@towing/contracts';
// /driver opens from the home screen with no signal: the Socket.IO client the live board uses must be
// in the screen's own (precached) code, not a chunk fetched when the socket first opens.
import 'socket.io-client';
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

/** Who last signed in to /driver on this phone: opened with no signal, the screen is still theirs. */
const LAST_USER_KEY = 'driverUser';

export function rememberDriver(user: User): void {
  localStorage.setItem(LAST_USER_KEY, JSON.stringify(user));
}

export function lastKnownDriver(): User | null {
  try {
    const user = JSON.parse(localStorage.getItem(LAST_USER_KEY) ?? 'null') as User | null;
    return user && typeof user.username === 'string' ? user : null;
  } catch {
    return null;
  }
}

/** Signing out leaves nothing of the driver's jobs on the phone. */
export function forgetBoard(): void {
  localStorage.removeItem(LAST_BOARD_KEY);
  localStorage.removeItem(LAST_USER_KEY);
}

// Anything the board changes (a job, a booking) tells the drivers' sockets to read again; the
// server already sends at most one such push per batch window.
refetchOn('driver:board', DRIVER_BOARD);
