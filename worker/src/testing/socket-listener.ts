import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@towing/contracts';

type EventName = keyof ServerToClientEvents;

/** A browser-like Socket.IO client that records every event it receives. */
export class SocketListener {
  readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  readonly events: Array<{ event: EventName; payload: unknown; at: number }> = [];

  constructor(baseUrl: string, cookie?: string) {
    this.socket = io(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: cookie ? { cookie } : undefined,
      reconnection: false,
    });
    this.socket.onAny((event: EventName, payload: unknown) => this.events.push({ event, payload, at: Date.now() }));
  }

  connected(): Promise<this> {
    return new Promise((resolve, reject) => {
      if (this.socket.connected) return resolve(this);
      this.socket.once('connect', () => resolve(this));
      this.socket.once('connect_error', reject);
    });
  }

  received<T>(event: EventName, predicate: (payload: T) => boolean = () => true): T[] {
    return this.events.filter((entry) => entry.event === event && predicate(entry.payload as T)).map((entry) => entry.payload as T);
  }

  close(): void {
    this.socket.close();
  }
}
