import type { ClientToServerEvents, ServerToClientEvents } from '@towing/contracts';
import type { Socket } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: Promise<AppSocket> | undefined;

/**
 * One connection per tab, opened by the first screen that needs live updates rather than at
 * start-up, so pages without them never hold a socket, nor download the Socket.IO client. Same
 * origin: the session cookie goes with the handshake, which is how the server recognises admin
 * sockets.
 */
export function getSocket(): Promise<AppSocket> {
  socket ??= import('socket.io-client').then(({ io }) => {
    const opened: AppSocket = io({ path: '/socket.io', withCredentials: true });
    // A burst of admin pushes arrives in one frame: each goes to its own event's listeners, in order.
    opened.on('board:batch', (events) => {
      for (const [event, payload] of events) for (const listener of opened.listeners(event)) (listener as (payload: unknown) => void)(payload);
    });
    return opened;
  });
  return socket;
}

/**
 * The server decides a socket's rooms at its handshake: after a sign-in or sign-out, the socket
 * reconnects so it carries the new session (an admin gets the board's events). No socket yet:
 * the first one will carry the session as it is.
 */
export function renewSocketSession(): void {
  void socket?.then((opened) => opened.disconnect().connect());
}

/**
 * Runs attach(socket) once the socket is there and returns what undoes it, for an effect's
 * cleanup: a cleanup that comes first means attach never runs.
 */
export function withSocket(attach: (socket: AppSocket) => () => void): () => void {
  let detach: (() => void) | undefined;
  let cancelled = false;
  void getSocket().then((opened) => {
    if (!cancelled) detach = attach(opened);
  });
  return () => {
    cancelled = true;
    detach?.();
  };
}

/**
 * Keeps one of the server's rooms for as long as the caller wants it: `watch` runs now if the
 * socket is connected and again on every reconnect (rooms do not survive one), `unwatch` on the
 * returned cleanup. For an effect.
 */
export function withSocketWatch(watch: (socket: AppSocket) => void, unwatch: (socket: AppSocket) => void): () => void {
  return withSocket((socket) => {
    const watchNow = () => watch(socket);
    if (socket.connected) watchNow();
    socket.on('connect', watchNow);
    return () => {
      socket.off('connect', watchNow);
      unwatch(socket);
    };
  });
}
