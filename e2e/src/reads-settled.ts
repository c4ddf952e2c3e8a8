import type { Page, Request } from 'playwright-core';

/** Past this a page that still has a request in flight fails its step, naming what it waits on. */
const SETTLE_LIMIT_MS = 60_000;

/** A page's requests from their start to their end (finished or failed), as Playwright reports them. */
class RequestsInFlight {
  private readonly pending = new Set<Request>();
  private emptied: Array<() => void> = [];

  constructor(page: Page) {
    page.on('request', (request) => this.pending.add(request));
    const ended = (request: Request) => {
      this.pending.delete(request);
      if (this.pending.size === 0) for (const resolve of this.emptied.splice(0)) resolve();
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
  }

  get count(): number {
    return this.pending.size;
  }

  /** Resolves once no request is in flight. */
  none(): Promise<void> {
    return this.pending.size === 0 ? Promise.resolve() : new Promise((resolve) => this.emptied.push(resolve));
  }

  urls(): string[] {
    return [...this.pending].map((request) => request.url());
  }
}

const watched = new WeakMap<Page, RequestsInFlight>();

/** Counts the page's requests from now on: call it before the page's first navigation (useJourney does, for every page). */
export function watchRequests(page: Page): void {
  watched.set(page, new RequestsInFlight(page));
}

/**
 * Once the page's reads have settled: no request in flight, and none started by what their answers
 * rendered (React commits an answer and runs the effects that ask for more within two frames).
 * Playwright's 'networkidle' waits for 500 ms without a request instead, on every page it is asked
 * for: 15 s of a 30-route walk spent waiting.
 */
export async function readsSettled(page: Page): Promise<void> {
  const requests = watched.get(page);
  if (!requests) throw new Error('readsSettled(page) needs the page watched from its start (watchRequests)');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`The page's requests never settled: ${requests.urls().join(', ')}`)), SETTLE_LIMIT_MS);
  });
  const twoFrames = () => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  try {
    do {
      await Promise.race([requests.none(), limit]);
      await Promise.race([twoFrames(), limit]);
    } while (requests.count > 0);
  } finally {
    clearTimeout(timer);
  }
}
