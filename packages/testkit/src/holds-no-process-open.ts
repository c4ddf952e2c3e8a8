import type { Server } from 'node:net';

/**
 * Lets the process exit while this server listens and its connections, those it has accepted and
 * those to come, are open. A Jest worker's shared stack (shared-stack.ts) lives as long as its
 * worker and must not keep the worker from ending when Jest tells it to.
 */
export function holdsNoProcessOpen(server: Server): void {
  server.unref();
  server.on('connection', (socket) => socket.unref());
}
