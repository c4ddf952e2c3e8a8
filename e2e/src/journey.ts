import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { type BrowserBuild, leaseSharedStack, type SystemLease } from '@towing/testkit';
import { launchBrowser, PHONE_IN_THE_PILBARA, STILL } from './browser.js';
import { watchRequests } from './reads-settled.js';

export interface Journey {
  /** The API, the test's own connection to its database, the SMTP, Twilio and Stripe peers. */
  stack: SystemLease;
  browser: Browser;
  /** Uncaught errors of every page so far in the current test; any of them fails it. */
  pageErrors: string[];
  /** A browser context (a phone by default); one made during a test is closed after it. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

/**
 * The whole system and a headless Chromium for the calling e2e file: the API and its peers are
 * the Jest worker's shared `system` stack (leaseSharedStack: a fresh database and key space,
 * empty peers); the worker is the file's own, and a file none of whose tests waits on what the
 * worker does (a text, an email, a PDF, a pushed change it makes) goes without one (`worker:
 * false`: its start is about 3 s of CPU). The browser is the headless shell unless the file
 * needs the whole browser (`browser: 'full'`), launched before its tests and closed after them.
 * Use the returned object inside hooks and tests only.
 */
export function useJourney({ browser = 'shell', worker = true }: { browser?: BrowserBuild; worker?: boolean } = {}): Journey {
  const journey = { pageErrors: [] as string[] } as Journey;
  let testContexts: BrowserContext[] = [];
  let inTest = false;

  journey.newContext = async (options = PHONE_IN_THE_PILBARA) => {
    const context = await journey.browser.newContext({ ...STILL, ...options });
    context.on('page', (page) => {
      page.on('pageerror', (error) => journey.pageErrors.push(error.message));
      watchRequests(page);
    });
    if (inTest) testContexts.push(context);
    return context;
  };

  beforeAll(async () => {
    [journey.stack, journey.browser] = await Promise.all([leaseSharedStack('system', { worker }), launchBrowser(browser)]);
  }, 60_000);
  beforeEach(() => {
    inTest = true;
  });
  afterEach(async () => {
    inTest = false;
    await Promise.all(testContexts.map((context) => context.close()));
    testContexts = [];
    expect(journey.pageErrors.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.stack?.release();
  });
  return journey;
}
