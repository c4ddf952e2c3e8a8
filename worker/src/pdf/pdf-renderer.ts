import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, Optional } from '@nestjs/common';
import pLimit, { type LimitFunction } from 'p-limit';
import type { Browser, BrowserContext, LaunchOptions, Page } from 'puppeteer';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { chromiumProblem } from './chromium-check.js';

/** PDFs rendered at once: each takes a renderer process; two keep a 2-core machine responsive. */
export const PDF_CONCURRENCY = 2;
/** A browser is replaced after this many PDFs, so a slow leak in Chromium never grows without end. */
export const PDF_RECYCLE_AFTER = 200;

/** How long Chromium may take, in milliseconds. */
export interface PdfTimeLimits {
  /** Starting Chromium: slow on a busy machine, and not counted against a PDF's own limit. */
  launchMs: number;
  /** One PDF once its browser is up, from asking for its context to the last byte. */
  renderMs: number;
  /** Closing a context or the browser: a browser that cannot do even that in time is hung. */
  closeMs: number;
}

export const PDF_TIME_LIMITS = Symbol('PDF_TIME_LIMITS');
const DEFAULT_TIME_LIMITS: PdfTimeLimits = { launchMs: 30_000, renderMs: 20_000, closeMs: 3_000 };

export class PdfTimeoutError extends Error {}

/** The work's outcome, or a PdfTimeoutError once `ms` have passed; the work itself is left to the caller to stop. */
function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PdfTimeoutError(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/** A fresh browser context with its page, made before it is needed: opening one costs a renderer process. */
interface Spare {
  context: BrowserContext;
  page: Page;
}

/** One launched browser and what it has done; a retired one takes no new work and closes when idle. */
interface Generation {
  browser: Promise<Browser>;
  spares: Array<Promise<Spare>>;
  rendered: number;
  inFlight: number;
  retired: boolean;
}

const PDF_OPTIONS = { format: 'A4', printBackground: true, margin: { top: '14mm', bottom: '14mm', left: '12mm', right: '12mm' } } as const;

/**
 * A context with its page, set up for our self-contained documents. With a warm-up document
 * (sample data, never a customer's) it is printed once first: a new renderer's first layout
 * and print (fonts, print compositor) cost more than the customer's document itself.
 */
async function openSpare(browser: Browser, warmUpHtml: string | null, timeoutMs: number): Promise<Spare> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.setDefaultTimeout(timeoutMs);
  // The documents are self-contained: no script runs and nothing is fetched while rendering.
  await page.setJavaScriptEnabled(false);
  if (warmUpHtml) {
    await page.setContent(warmUpHtml, { waitUntil: 'load' });
    await page.pdf(PDF_OPTIONS);
  }
  return { context, page };
}

/**
 * One warm Chromium for every PDF: launching one costs far more than rendering a page. Each
 * PDF gets a fresh browser context (no cookies, cache or script state shared between
 * customers' documents), made and warmed on sample data before it is needed; a bounded number
 * render at once, and the browser is replaced after PDF_RECYCLE_AFTER documents or as soon as
 * it crashes. Chromium starts with the first PDF and stays up for the ones after it, so a
 * worker that is never asked for a PDF never pays for a browser, nor for puppeteer (loading it
 * cost each worker start about 0.5 s of CPU on a slow VM). Each PDF has a time limit: past
 * it, its context is closed (a page that never finishes loading), and a browser that does not
 * answer even that is hung, so it is killed and the next PDF launches a new one.
 */
@Injectable()
export class PdfRenderer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PdfRenderer.name);
  private readonly limit: LimitFunction = pLimit(PDF_CONCURRENCY);
  private generation?: Generation;
  private warmUpHtml: string | null = null;

  constructor(
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    @Optional() @Inject(PDF_TIME_LIMITS) private readonly limits: PdfTimeLimits = DEFAULT_TIME_LIMITS,
  ) {}

  /** Chromium starts with the first PDF; whether it is there at all is said as the worker starts. */
  onApplicationBootstrap(): void {
    const problem = chromiumProblem(this.environment.chromiumPath);
    if (problem) this.logger.error(problem);
  }

  async onApplicationShutdown(): Promise<void> {
    const generation = this.generation;
    this.generation = undefined;
    if (generation) await this.close(generation);
  }

  /** A typical document (sample data) that each context prints once before its customer's. */
  warmUpWith(html: string): void {
    this.warmUpHtml = html;
  }

  /**
   * The HTML document as an A4 PDF. `fresh` launches a browser for this document alone: what
   * every PDF would cost without the warm one.
   */
  render(html: string, options: { fresh?: boolean } = {}): Promise<Buffer> {
    return this.limit(() => (options.fresh ? this.renderFresh(html) : this.renderWarm(html)));
  }

  private async renderWarm(html: string): Promise<Buffer> {
    const generation = this.acquire();
    generation.inFlight += 1;
    generation.rendered += 1;
    if (generation.rendered >= PDF_RECYCLE_AFTER) generation.retired = true;
    let spare: Spare | undefined;
    const render = async () => {
      spare = await (generation.spares.shift() ?? this.prepare(generation));
      return this.print(spare, html);
    };
    try {
      // The launch has its own limit (launchMs); one that fails retires the generation.
      await generation.browser;
      return await within(this.limits.renderMs, 'The PDF', render());
    } catch (error) {
      if (error instanceof PdfTimeoutError) await this.abandon(generation, spare);
      throw error;
    } finally {
      generation.inFlight -= 1;
      // The next spare is made once this PDF is out, so making it never slows this one.
      if (!generation.retired) generation.spares.push(this.prepare(generation));
      else if (generation.inFlight === 0) void this.close(generation);
    }
  }

  private async renderFresh(html: string): Promise<Buffer> {
    const launched = this.launch();
    try {
      return await within(this.limits.renderMs, 'The PDF', launched.then(async (browser) => this.print(await openSpare(browser, null, this.limits.renderMs), html)));
    } finally {
      await launched.then((browser) => this.closeBrowser(browser)).catch(() => undefined);
    }
  }

  /**
   * A PDF past its time limit: its context is closed, which stops a page that never finishes.
   * When the browser does not answer that either (or never handed out the context), it is hung:
   * it is killed, and the next PDF starts a new one.
   */
  private async abandon(generation: Generation, spare: Spare | undefined): Promise<void> {
    const closed = spare ? await within(this.limits.closeMs, 'Closing the context', spare.context.close()).then(() => true, () => false) : false;
    if (closed) return;
    if (!generation.retired) this.logger.warn('Chromium does not answer; it is killed and the next PDF starts a new one');
    generation.retired = true;
    await generation.browser.then((browser) => browser.process()?.kill('SIGKILL')).catch(() => undefined);
  }

  private async print({ context, page }: Spare, html: string): Promise<Buffer> {
    try {
      await page.setContent(html, { waitUntil: 'load' });
      return Buffer.from(await page.pdf(PDF_OPTIONS));
    } finally {
      await context.close().catch(() => undefined);
    }
  }

  private prepare(generation: Generation): Promise<Spare> {
    const spare = generation.browser.then((browser) => openSpare(browser, this.warmUpHtml, this.limits.renderMs));
    // A spare that fails (browser gone) is dropped; its taker gets the error.
    spare.catch(() => undefined);
    return spare;
  }

  /** The browser for the next PDF: the current one, or a new one when it retired, crashed or never started. */
  private acquire(): Generation {
    if (this.generation && !this.generation.retired) return this.generation;
    const generation: Generation = { browser: this.launch(), spares: [], rendered: 0, inFlight: 0, retired: false };
    for (let i = 0; i < PDF_CONCURRENCY; i += 1) generation.spares.push(this.prepare(generation));
    generation.browser.then(
      (browser) =>
        browser.once('disconnected', () => {
          if (!generation.retired) this.logger.warn('Chromium went away; the next PDF starts a new one');
          generation.retired = true;
        }),
      () => (generation.retired = true),
    );
    this.generation = generation;
    return generation;
  }

  private async close(generation: Generation): Promise<void> {
    generation.retired = true;
    await generation.browser.then((browser) => this.closeBrowser(browser)).catch(() => undefined);
  }

  /** Closes the browser, or kills it when it does not answer in time. */
  private async closeBrowser(browser: Browser): Promise<void> {
    await within(this.limits.closeMs, 'Closing Chromium', browser.close()).catch(() => browser.process()?.kill('SIGKILL'));
  }

  private async launch(): Promise<Browser> {
    const { default: puppeteer } = await import('puppeteer');
    return puppeteer.launch(this.launchOptions());
  }

  private launchOptions(): LaunchOptions {
    return {
      executablePath: this.environment.chromiumPath,
      // The headless shell's own mode (CHROMIUM_PATH is chromium-headless-shell by default).
      headless: 'shell',
      // Over a pipe, Chromium exits with the worker even when the worker is killed outright.
      pipe: true,
      timeout: this.limits.launchMs,
      // Chromium's sandbox cannot run as root in a container; the pages are our own templates with scripts off.
      args: [
        '--no-sandbox',
        '--disable-dev-shm-usage',
        '--disable-gpu',
        '--font-render-hinting=none',
        '--no-first-run',
        // Nothing phones home: a closed network would otherwise keep Chromium retrying.
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    };
  }
}
