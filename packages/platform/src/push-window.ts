import type { BatchedEvent } from '@towing/contracts';

/**
 * How long pushes to the same sockets that follow one another are held to share a frame. A change
 * on a quiet board goes out at once; during an SOS flood every board gets a frame per window
 * instead of one per change, which keeps the API, Redis and a dispatcher's browser answering.
 */
export const PUSH_WINDOW_MS = 100;

/**
 * The pushes to one set of sockets (a room). The first after a quiet spell is written at once,
 * with any made before `schedule` runs it, and opens a window; those made inside it go together,
 * in order, when it closes (a frame of one event is that event, of more a `board:batch`, which
 * the browser's socket hands out event by event). A window that closes with pushes held opens
 * the next, so a steady stream goes one frame per window.
 */
export class PushWindow {
  /** Pushes waiting for the window to close; null while no window is open. */
  private held: BatchedEvent[] | null = null;
  private timer?: NodeJS.Timeout;

  /**
   * @param send sends one frame's events.
   * @param failed hears a frame that could not be sent (a payload that does not encode): a
   *   window's frame goes from a timer, where nobody waits on it to throw to.
   * @param schedule runs the first frame's send: by default at once; the API sends it after
   *   the HTTP answers of the current turn (RealtimeService).
   */
  constructor(
    private readonly send: (events: BatchedEvent[]) => void,
    private readonly failed: (error: Error) => void,
    private readonly schedule: (first: () => void) => void = (first) => first(),
  ) {}

  push(event: BatchedEvent): void {
    if (this.held) {
      this.held.push(event);
      return;
    }
    this.held = [event];
    this.schedule(() => {
      const events = this.held;
      if (!events) return; // closed meanwhile, and written then
      this.open();
      this.write(events);
    });
  }

  /** Writes what is held and closes the window (shutting down). */
  close(): void {
    clearTimeout(this.timer);
    const held = this.held;
    this.held = null;
    if (held?.length) this.write(held);
  }

  private write(events: BatchedEvent[]): void {
    try {
      this.send(events);
    } catch (error) {
      this.failed(error as Error);
    }
  }

  private open(): void {
    this.held = [];
    this.timer = setTimeout(() => {
      const held = this.held ?? [];
      if (held.length === 0) {
        this.held = null;
        return;
      }
      this.write(held);
      this.open();
    }, PUSH_WINDOW_MS);
  }
}

/** Where a frame goes: a Socket.IO broadcast, in the API or through Redis (redis-emitter). */
export interface FrameTarget {
  emit(event: string, payload: unknown): unknown;
}

/** One event goes as itself, more as one `board:batch`. */
export function emitFrame(to: FrameTarget, events: BatchedEvent[]): void {
  if (events.length === 1) to.emit(events[0][0], events[0][1]);
  else to.emit('board:batch', events);
}
