import { jest } from '@jest/globals';
import { AdmissionLimit, isSheddable, loopLatenessMs, requestPath } from './load-shedding.js';

describe('how late the event loop ran', () => {
  it('is what the monitor read past its own sampling interval: an idle loop is on time, not 10 ms late', () => {
    // Node's monitor, sampling every 10 ms, reads about 10.1 ms in an idle process.
    expect(loopLatenessMs(10.1e6)).toBeCloseTo(0.1);
    expect(loopLatenessMs(9.1e6)).toBe(0);
    expect(loopLatenessMs(30e6)).toBe(20);
  });
});

/** The limit's windows and the answer times run on Jest's clock (performance.now included), so each window is read when the test says. */
describe('the admission limit', () => {
  let admission: AdmissionLimit;
  let reports: Array<{ refused: number; limit: number }>;
  let refusedSoFar: number;
  const WINDOW_MS = 100;

  beforeEach(() => {
    jest.useFakeTimers();
    reports = [];
    refusedSoFar = 0;
    // Answers slower than 1 ms count as a queue; the event loop's own delay never does here.
    admission = new AdmissionLimit({ loopDelayMs: 60_000, requestMs: 1 }, (refused, limit) => reports.push({ refused, limit }));
  });

  afterEach(() => {
    admission.stop();
    jest.useRealTimers();
  });

  function admitMany(count: number) {
    const answers = Array.from({ length: count }, () => admission.tryAdmit());
    const refused = answers.filter((answer) => answer === null).length;
    refusedSoFar += refused;
    return { admitted: answers.filter((answer) => answer !== null), refused };
  }

  /** Windows in which 50 are asked at once and whatever is admitted is answered slowly. */
  function slowWindows(count: number) {
    for (let window = 0; window < count; window += 1) {
      const { admitted } = admitMany(50);
      jest.advanceTimersByTime(5);
      admitted.forEach((answered) => answered());
      jest.advanceTimersByTime(WINDOW_MS);
    }
  }

  it('admits any number at once while the answers are fast', () => {
    for (let window = 0; window < 5; window += 1) {
      const { admitted, refused } = admitMany(500);
      expect(refused).toBe(0);
      admitted.forEach((answered) => answered());
      jest.advanceTimersByTime(WINDOW_MS);
    }
  });

  it('once answers are slow, refuses what is over a limit cut below what was in flight, and keeps admitting', () => {
    const { admitted } = admitMany(40);
    jest.advanceTimersByTime(5);
    admitted.splice(0, 10).forEach((answered) => answered());
    jest.advanceTimersByTime(WINDOW_MS);

    // 30 are still in flight and the limit is three quarters of the 40 there were: every new one is refused.
    expect(admitMany(5).refused).toBe(5);
    // As slow answers come back, room opens under the limit at once.
    admitted.splice(0, 5).forEach((answered) => answered());
    expect(admitMany(10)).toMatchObject({ refused: 5 });
  });

  it('however long the answers stay slow, a few are always admitted', () => {
    slowWindows(30);
    expect(admitMany(50).admitted.length).toBe(4);
  });

  it('lifts the limit again once the queue is gone', () => {
    slowWindows(30);
    // Windows with nothing answered read as no queue.
    jest.advanceTimersByTime(20 * WINDOW_MS);
    expect(admitMany(500).refused).toBe(0);
  });

  it('sets no timer while idle, measures again from the next request, and rests once the limit is back at its ceiling', () => {
    expect(jest.getTimerCount()).toBe(0);
    slowWindows(30);
    expect(jest.getTimerCount()).toBe(1);
    // Idle windows lift the limit back to its ceiling (and report the refusals) before the windows stop.
    jest.advanceTimersByTime(30_000);
    expect(jest.getTimerCount()).toBe(0);
    expect(admitMany(500).refused).toBe(0);
    expect(jest.getTimerCount()).toBe(1);
    // Measured again after the rest: slow answers cut the limit as before.
    slowWindows(3);
    expect(admitMany(50).refused).toBeGreaterThan(0);
  });

  it('reports refusals at once after a quiet spell, then in one line every 10 s at most, and nothing while it refuses nothing', () => {
    jest.advanceTimersByTime(20_000);
    expect(reports).toEqual([]);
    // Slow windows cut the limit and refuse most of what is asked, for about 3 s: the first refusals are reported at once.
    slowWindows(30);
    expect(reports).toHaveLength(1);
    jest.advanceTimersByTime(10_000);
    expect(reports).toHaveLength(2);
    expect(reports.reduce((sum, report) => sum + report.refused, 0)).toBe(refusedSoFar);
    expect(reports[0]!.limit).toBeLessThan(50);
    jest.advanceTimersByTime(30_000);
    expect(reports).toHaveLength(2);
  });
});

describe('which requests the admission limit weighs', () => {
  it('reads the path as the router does: without the query, from an absolute-form target too', () => {
    expect(requestPath('/api/sos?x=1')).toBe('/api/sos');
    expect(requestPath('http://dispatch.example/api/sos?x=1')).toBe('/api/sos');
    expect(requestPath('*')).toBe('*');
  });

  it('weighs the API, never the health checks or the SOS form posted without script, nor the pages and sockets', () => {
    expect(isSheddable(requestPath('/api/sos'))).toBe(true);
    expect(isSheddable(requestPath('/api/stats/live?at=1'))).toBe(true);
    expect(isSheddable(requestPath('/api/health'))).toBe(false);
    expect(isSheddable(requestPath('/api/health/live'))).toBe(false);
    expect(isSheddable(requestPath('/api/sos/form'))).toBe(false);
    expect(isSheddable(requestPath('/sos'))).toBe(false);
    expect(isSheddable(requestPath('/socket.io/?EIO=4&transport=websocket'))).toBe(false);
  });
});
