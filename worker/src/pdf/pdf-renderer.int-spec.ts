import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadEnvironment } from '@towing/platform';
import { eventually } from '@towing/testkit';
import { PdfRenderer, PdfTimeoutError } from './pdf-renderer.js';

// The product's render limit: a healthy render on a loaded machine stays well inside it, a hung one never ends without it.
const LIMITS = { launchMs: 30_000, renderMs: 20_000, closeMs: 1_000 };
/** A hang waits out the render limit, and a new browser may have to launch after it. */
const TIMEOUT = LIMITS.renderMs + LIMITS.launchMs + 60_000;
const DOCUMENT = '<!doctype html><p>Quote Q-1042</p>';

/** The Chromium browser processes this test process launched (puppeteer runs them as its children). */
function chromiums(): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === process.pid && state !== 'Z' && /chrom/i.test(stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')))) found.push(Number(entry));
    } catch {
      // Gone while we looked.
    }
  }
  return found;
}

const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

describe('PDFs from a Chromium that hangs', () => {
  let renderer: PdfRenderer;
  let server: Server;
  const held: IncomingMessage[] = [];

  beforeAll(async () => {
    renderer = new PdfRenderer(loadEnvironment(process.env), LIMITS);
    // Answers nothing, ever: an image from here keeps a page from finishing loading.
    server = createServer((request) => void held.push(request));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await renderer.onApplicationShutdown();
    for (const request of held) request.socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives up on a page that never finishes loading at the time limit, closes its context and keeps the browser', async () => {
    expect(isPdf(await renderer.render(DOCUMENT))).toBe(true);
    const [browser] = chromiums();
    expect(browser).toBeDefined();

    const { port } = server.address() as AddressInfo;
    // The renderer's own limit ends it (PdfTimeoutError); the page itself never would.
    await expect(renderer.render(`<!doctype html><img src="http://127.0.0.1:${port}/never.png">`)).rejects.toThrow(PdfTimeoutError);

    expect(isPdf(await renderer.render(DOCUMENT))).toBe(true);
    expect(chromiums()).toEqual([browser]);
  }, TIMEOUT);

  it('kills a browser that does not answer at all and renders the next PDF with a new one', async () => {
    expect(isPdf(await renderer.render(DOCUMENT))).toBe(true);
    const [stalled] = chromiums();
    process.kill(stalled!, 'SIGSTOP');

    await expect(renderer.render(DOCUMENT)).rejects.toThrow(PdfTimeoutError);
    await eventually(() => !chromiums().includes(stalled!));

    expect(isPdf(await renderer.render(DOCUMENT))).toBe(true);
    const [fresh] = chromiums();
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(stalled);
  }, TIMEOUT);
});
