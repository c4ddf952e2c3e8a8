import { io, type Socket } from 'socket.io-client';
import type { AdminLog, BatchedEvent, ClientToServerEvents, ServerToClientEvents, WatchAck } from '@towing/contracts';

type EventName = keyof ServerToClientEvents;

/** Wall-clock milliseconds with sub-millisecond precision, comparable across worker threads. */
export const epochMs = (): number => performance.timeOrigin + performance.now();

/**
 * A browser-like Socket.IO client that records every event it receives. Like a browser it
 * sends the Origin of the page it runs on: by default the server it connects to (the API
 * gives admin events only to its own origin, PUBLIC_URL).
 */
export class SocketListener {
  readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  /** Every event as the screens see it: a `board:batch` frame is the events in it. */
  readonly events: Array<{ event: EventName; payload: unknown; at: number }> = [];
  /** The frames as they came over the wire, by event name (a batch is one `board:batch`). */
  readonly frames: EventName[] = [];

  constructor(baseUrl: string, cookie?: string, origin = baseUrl) {
    this.socket = io(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { origin, ...(cookie ? { cookie } : {}) },
      reconnection: false,
    });
    // It does not reconnect, as a test must see every push: a connection the server or the network
    // ended is said, so a test waiting on a push that can no longer come says why.
    this.socket.on('disconnect', (reason) => {
      if (reason !== 'io client disconnect') console.warn(`SocketListener on ${baseUrl} disconnected: ${reason}; later pushes cannot reach it`);
    });
    this.socket.onAny((event: EventName, payload: unknown) => {
      const at = epochMs();
      this.frames.push(event);
      // As the browser's socket does: a batch is its events, each to its own listeners, in order.
      if (event !== 'board:batch') return void this.events.push({ event, payload, at });
      for (const [batched, batchedPayload] of payload as BatchedEvent[]) {
        this.events.push({ event: batched, payload: batchedPayload, at });
        for (const listener of this.socket.listeners(batched)) (listener as (payload: unknown) => void)(batchedPayload);
      }
    });
  }

  connected(): Promise<this> {
    return new Promise((resolve, reject) => {
      if (this.socket.connected) return resolve(this);
      this.socket.once('connect', () => resolve(this));
      this.socket.once('connect_error', reject);
    });
  }

  /** Opens a log's tab, as the admin board does: from the server's answer on, its pushes come here. */
  watchLog(log: AdminLog): Promise<WatchAck> {
    return new Promise((resolve) => this.socket.emit('log:watch', log, resolve));
  }

  /** Puts the Live Status card on screen, as the public pages do: from the server's answer on, `stats:changed` comes here. */
  watchStats(): Promise<WatchAck> {
    return new Promise((resolve) => this.socket.emit('stats:watch', resolve));
  }

  received<T>(event: EventName, predicate: (payload: T) => boolean = () => true): T[] {
    return this.events.filter((entry) => entry.event === event && predicate(entry.payload as T)).map((entry) => entry.payload as T);
  }

  close(): void {
    this.socket.close();
  }
}
