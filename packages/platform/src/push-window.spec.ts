import { jest } from '@jest/globals';
import type { BatchedEvent } from '@towing/contracts';
import { emitFrame, PUSH_WINDOW_MS, PushWindow } from './push-window.js';

const change = (id: string): BatchedEvent => ['vehicle:updated', { id } as never];
const ids = (frame: BatchedEvent[]) => frame.map(([, payload]) => (payload as { id: string }).id);

/** The window runs on Jest's clock, so each window closes when the test says. */
describe('a push window', () => {
  let frames: string[][];
  let window: PushWindow;

  beforeEach(() => {
    jest.useFakeTimers();
    frames = [];
    window = new PushWindow(record, rethrow);
  });

  afterEach(() => {
    window.close();
    jest.useRealTimers();
  });

  const record = (events: BatchedEvent[]) => void frames.push(ids(events));
  const rethrow = (error: Error) => {
    throw error;
  };
  /** A window whose first write waits in `scheduled` until the test runs it. */
  function scheduledWindow() {
    const scheduled: Array<() => void> = [];
    return { later: new PushWindow(record, rethrow, (write) => scheduled.push(write)), scheduled };
  }

  it('writes a push after a quiet spell at once, alone', () => {
    window.push(change('a'));
    expect(frames).toEqual([['a']]);
  });

  it('holds the pushes that follow inside the window and writes them together, in order, when it closes', () => {
    window.push(change('a'));
    window.push(change('b'));
    window.push(change('c'));
    expect(frames).toEqual([['a']]);
    jest.advanceTimersByTime(PUSH_WINDOW_MS);
    expect(frames).toEqual([['a'], ['b', 'c']]);
  });

  it('writes a steady stream one frame per window, and a push after a window with nothing held at once', () => {
    window.push(change('a'));
    for (const id of ['b', 'c', 'd']) {
      jest.advanceTimersByTime(PUSH_WINDOW_MS / 2);
      window.push(change(id));
    }
    jest.advanceTimersByTime(PUSH_WINDOW_MS / 2);
    expect(frames).toEqual([['a'], ['b'], ['c', 'd']]);
    jest.advanceTimersByTime(PUSH_WINDOW_MS);
    expect(frames).toHaveLength(3);
    window.push(change('e'));
    expect(frames.at(-1)).toEqual(['e']);
  });

  it('writes what it holds when closed, and nothing after', () => {
    window.push(change('a'));
    window.push(change('b'));
    window.close();
    expect(frames).toEqual([['a'], ['b']]);
    jest.advanceTimersByTime(PUSH_WINDOW_MS * 2);
    expect(frames).toHaveLength(2);
  });

  it('puts the pushes made before its schedule runs the first write into the first frame', () => {
    const { later, scheduled } = scheduledWindow();
    later.push(change('a'));
    later.push(change('b'));
    expect(frames).toEqual([]);
    scheduled.forEach((write) => write());
    expect(frames).toEqual([['a', 'b']]);
    later.close();
  });

  it('writes nothing from a schedule that runs after it was closed', () => {
    const { later, scheduled } = scheduledWindow();
    later.push(change('a'));
    later.close();
    scheduled.forEach((write) => write());
    expect(frames).toEqual([['a']]);
    jest.advanceTimersByTime(PUSH_WINDOW_MS);
    expect(frames).toEqual([['a']]);
  });

  it('hands a frame it could not send to its error handler, from a window too, and goes on', () => {
    const failures: string[] = [];
    const failing = new PushWindow(
      (events) => {
        if (ids(events).includes('bad')) throw new Error('does not encode');
        frames.push(ids(events));
      },
      (error) => failures.push(error.message),
    );
    failing.push(change('bad'));
    failing.push(change('bad'));
    failing.push(change('b'));
    jest.advanceTimersByTime(PUSH_WINDOW_MS);
    failing.push(change('c'));
    jest.advanceTimersByTime(PUSH_WINDOW_MS);
    expect(failures).toEqual(['does not encode', 'does not encode']);
    expect(frames).toEqual([['c']]);
    failing.close();
  });
});

describe('a frame', () => {
  it('is the event itself when there is one, and one board:batch when there are more', () => {
    const emitted: unknown[][] = [];
    const to = { emit: (event: string, payload: unknown) => emitted.push([event, payload]) };
    emitFrame(to, [change('a')]);
    emitFrame(to, [change('b'), change('c')]);
    expect(emitted).toEqual([
      ['vehicle:updated', { id: 'a' }],
      ['board:batch', [change('b'), change('c')]],
    ]);
  });
});
