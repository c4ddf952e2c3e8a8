import type { IncomingMessage } from 'node:http';
import type { Express } from 'express';
import type { Socket } from 'socket.io';
import { clientKey } from '../rate-limit/client-key.js';

/** What a refused connection's connect_error says. */
export const SOCKETS_REFUSED = 'Too many live connections from your address. Close some tabs, then reload the page.';

/**
 * The client a handshake comes from, by the very rule Express applies to REST requests (its
 * `trust proxy` setting, TRUST_PROXY), read through the app's request prototype so sockets and
 * REST limits always name the same client; an IPv6 client by its /64 (clientKey).
 */
export function handshakeClient(app: Express): (request: IncomingMessage) => string {
  return (request) => {
    const view = Object.create(app.request, { headers: { value: request.headers }, socket: { value: request.socket }, connection: { value: request.socket } }) as { ip?: string };
    return clientKey(view.ip);
  };
}

/**
 * A Socket.IO middleware that refuses a client's connection past `limit` open at once, with a
 * connect_error the page can show, before the socket joins anything. Counted in this API
 * instance's memory: a count in Redis would outlive an instance that crashed with its sockets.
 * Behind several instances (sticky sessions) one client may hold `limit` at each.
 */
export function capSocketsPerClient(limit: number, clientOf: (request: IncomingMessage) => string) {
  const open = new Map<string, number>();
  return (socket: Socket, next: (error?: Error) => void): void => {
    const client = clientOf(socket.request);
    const count = open.get(client) ?? 0;
    if (count >= limit) return next(new Error(SOCKETS_REFUSED));
    open.set(client, count + 1);
    socket.once('disconnect', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
    next();
  };
}
