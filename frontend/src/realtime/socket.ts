import type { ClientToServerEvents, ServerToClientEvents } from '@towing/contracts';
import { io, type Socket } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | undefined;

/**
 * One connection per tab, opened by the first screen that needs live updates rather than at
 * start-up, so pages without them never hold a socket. Same origin: the session cookie goes
 * with the handshake, which is how the server recognises admin sockets.
 */
export function getSocket(): AppSocket {
  socket ??= io({ path: '/socket.io', withCredentials: true });
  return socket;
}
