// `npm run bench:web [-- --skip-build]`
//
// What a first visit to each screen costs on a weak phone connection: builds the frontend,
// serves frontend/dist from a small static server (API and Socket.IO calls answer 404, so only
// the app's own code is counted), opens every route of the route table in a fresh headless
// Chromium context with the cache off, and sums the JS and CSS the page downloaded, gzipped.
// The service worker is blocked while measuring: what it precaches in the background after the
// first visit (the shell and /sos, once per deployment) is printed separately.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const { values: flags } = parseArgs({ options: { 'skip-build': { type: 'boolean', default: false } } });

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = join(ROOT, 'frontend/dist');
const KB = 1000;
const SOS_BUDGET = 150 * KB;
const MARKETING_BUDGET = 250 * KB;

/** Every path of the route table (spec section 2), each with the budget it must meet, if any. */
const ROUTES = [
  ['/', MARKETING_BUDGET],
  ['/services', MARKETING_BUDGET],
  ['/gallery', MARKETING_BUDGET],
  ['/about', MARKETING_BUDGET],
  ['/contact', MARKETING_BUDGET],
  ['/service-areas', MARKETING_BUDGET],
  ['/pricing', MARKETING_BUDGET],
  ['/karratha', MARKETING_BUDGET],
  ['/tom-price', MARKETING_BUDGET],
  ['/dampier', MARKETING_BUDGET],
  ['/testimonials', MARKETING_BUDGET],
  ['/fleet-contracts', MARKETING_BUDGET],
  ['/sos', SOS_BUDGET],
  ['/emergency', SOS_BUDGET],
  ['/auth', null],
  ['/login', null],
  ['/register', null],
  ['/admin', null],
  ['/customer-portal', null],
  ['/booking', null],
  ['/book-service', null],
  ['/service-history', null],
  ['/feedback', null],
  ['/dashboard', null],
  ['/checkout', null],
  ['/checkout/success', null],
  ['/quote/Q-2025-0001', null],
  ['/no-such-page', null],
];

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.ico': 'image/x-icon',
};

function build() {
  const result = spawnSync('npm', ['run', 'build', '-w', 'frontend'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function serve() {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (path.startsWith('/api/') || path.startsWith('/socket.io')) {
      response.writeHead(404).end();
      return;
    }
    const file = normalize(join(DIST, path));
    const target = file.startsWith(DIST) && existsSync(file) && statSync(file).isFile() ? file : join(DIST, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[extname(target)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    response.end(readFileSync(target));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function measure(browser, baseUrl, path) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.setCacheDisabled', { cacheDisabled: true });
  const totals = { js: 0, css: 0, files: 0 };
  const pending = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const kind = type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : null;
    if (!kind || response.status() !== 200) return;
    pending.push(
      response.body().then((body) => {
        totals[kind] += gzipSync(body, { level: 9 }).length;
        totals.files += 1;
      }),
    );
  });
  await page.goto(baseUrl + path, { waitUntil: 'load' });
  // The route's own chunk arrives after the router resolves; content in <main> says it rendered.
  await page.waitForFunction(() => (document.querySelector('main')?.childElementCount ?? 0) > 0 && !document.querySelector('.route-loading'), null, {
    timeout: 15_000,
  });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await Promise.all(pending);
  await context.close();
  return totals;
}

/** The JS and CSS the service worker downloads after a first visit, gzipped. */
function precacheBytes() {
  const worker = join(DIST, 'sw.js');
  if (!existsSync(worker)) return null;
  const urls = [...readFileSync(worker, 'utf8').matchAll(/"url":"([^"]+\.(?:js|css))"/g)].map((match) => match[1]);
  return [...new Set(urls)].reduce((total, url) => total + gzipSync(readFileSync(join(DIST, url)), { level: 9 }).length, 0);
}

const format = (bytes) => `${(bytes / KB).toFixed(1)} kB`.padStart(9);

if (!flags['skip-build']) build();
const server = await serve();
const baseUrl = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
let misses = 0;
try {
  console.log(`\nFirst visit, cache off, gzipped (level 9). Targets: /sos <= ${SOS_BUDGET / KB} kB JS, marketing pages <= ${MARKETING_BUDGET / KB} kB JS.\n`);
  console.log(`${'route'.padEnd(22)}${'JS'.padStart(9)}${'CSS'.padStart(10)}  files  target     result`);
  for (const [path, budget] of ROUTES) {
    const { js, css, files } = await measure(browser, baseUrl, path);
    const verdict = budget === null ? '-' : js <= budget ? 'PASS' : 'MISS';
    if (verdict === 'MISS') misses += 1;
    const target = budget === null ? '-' : `<= ${budget / KB} kB`;
    console.log(`${path.padEnd(22)}${format(js)} ${format(css)}  ${String(files).padStart(5)}  ${target.padEnd(10)} ${verdict}`);
  }
} finally {
  await browser.close();
  server.close();
}
const precache = precacheBytes();
console.log(
  precache === null
    ? '\nNo service worker in the build.'
    : `\nService worker precache, downloaded once in the background after the first visit: ${format(precache).trim()} (shell + /sos).`,
);
console.log(misses ? `${misses} route(s) over target.` : 'Every route within target.');
process.exitCode = misses ? 1 : 0;
