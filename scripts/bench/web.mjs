// `npm run bench:web [-- --skip-build --lighthouse key|all|none --lighthouse-runs 3]`
//
// What a first visit to each screen costs a phone on a weak connection, served the way
// production serves it: builds everything, runs the compiled API with NODE_ENV=production
// (testkit's startStack, no worker), and for every route of the route table
//  - opens it in a fresh headless Chromium context with the cache off and the service worker
//    blocked, and adds up the bytes on the wire as Chromium counts them (CDP
//    Network.loadingFinished encodedDataLength: compressed bodies plus headers), in all and
//    for JavaScript alone;
//  - on /sos and /emergency, the JavaScript bytes on the wire by the time the form is
//    interactive: its Send button, enabled in the HTML for the native post, is disabled by the
//    page's script once it runs and waits for a phone number;
//  - runs Lighthouse (mobile defaults: simulated slow 4G, 4x CPU slowdown) for LCP, TBT, the
//    performance score and bootup-time's scripting ms (main-thread time spent running the page's
//    scripts, at the 4x slowdown), on the key routes unless told otherwise; the machine's
//    benchmarkIndex (Lighthouse's own CPU score, which the slowdown is relative to) with them.
// /admin is measured signed in as the admin, as a dispatcher opens it; /driver signed in as a
// driver with an open SOS on its board, as an owner opens it from the home screen. What the service
// worker precaches after the first visit (once per deployment) is printed separately.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLES, REPO_ROOT, startStack } from '@towing/testkit';
import { build, startRun } from './harness.mjs';

const { values: flags } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    lighthouse: { type: 'string', default: 'key' },
    'lighthouse-runs': { type: 'string', default: '3' },
  },
});
const LIGHTHOUSE_RUNS = Number(flags['lighthouse-runs']);
if (!['key', 'all', 'none'].includes(flags.lighthouse)) {
  console.error('--lighthouse must be key, all or none');
  process.exit(2);
}

const DIST = join(REPO_ROOT, 'frontend/dist');
const KB = 1000;

/**
 * Every path of the route table (docs/rules.md, "Site and routes") with its budgets: `total` bytes on the wire in
 * all, `js` bytes of JavaScript, `lcp` ms and `score` from Lighthouse. `key` routes get
 * Lighthouse by default.
 */
const SOS = { total: 100 * KB, jsBeforeForm: 20 * KB, lcp: 1500, tbt: 100, score: 0.95, key: true };
const HOME = { total: 200 * KB, lcp: 2000, score: 0.9, key: true };
/** The SOS form once its script runs: the Send button waits for a phone number. */
const FORM_INTERACTIVE = '.sos-form button[type="submit"]:disabled';
const ROUTES = [
  ['/', HOME],
  ['/services', {}],
  ['/gallery', {}],
  ['/about', {}],
  ['/contact', {}],
  ['/service-areas', {}],
  ['/pricing', {}],
  ['/karratha', {}],
  ['/tom-price', {}],
  ['/dampier', {}],
  ['/testimonials', {}],
  ['/fleet-contracts', {}],
  ['/sos', SOS],
  ['/emergency', SOS],
  ['/auth', {}],
  ['/login', {}],
  ['/register', {}],
  ['/admin', { js: 250 * KB, signedIn: 'admin', key: true }],
  ['/driver', { total: 150 * KB, signedIn: 'driver' }],
  ['/customer-portal', {}],
  ['/booking', {}],
  ['/book-service', {}],
  ['/service-history', {}],
  ['/feedback', {}],
  ['/dashboard', {}],
  ['/checkout', {}],
  ['/checkout/success', {}],
  ['/quote/Q-2025-0001', {}],
  ['/no-such-page', {}],
];

const run = startRun({ tag: '[bench:web]', budgetMs: 1_800_000 });

/** Bytes on the wire for one first visit, by Chromium's own count. */
async function wireBytes(browser, url, cookie, { formInteractive = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  if (cookie) await context.addCookies([{ ...cookie, url }]);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.setCacheDisabled', { cacheDisabled: true });
  const types = new Map();
  const totals = { all: 0, js: 0, requests: 0 };
  session.on('Network.responseReceived', ({ requestId, type }) => types.set(requestId, type));
  session.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    totals.all += encodedDataLength;
    totals.requests += 1;
    if (types.get(requestId) === 'Script') totals.js += encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'load' });
  if (formInteractive) {
    await page.waitForSelector(FORM_INTERACTIVE, { state: 'attached', timeout: 30_000 });
    totals.jsBeforeForm = totals.js;
  }
  // The route's own chunk arrives after the router resolves; content in <main> and no loading spinner say it rendered.
  await page.waitForFunction(() => (document.querySelector('main')?.childElementCount ?? 0) > 0 && !document.querySelector('.route-loading'), null, { timeout: 30_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await context.close();
  return { ...totals, errors };
}

/**
 * Lighthouse's mobile defaults: simulated slow 4G and a 4x slower CPU. Its simulation starts
 * from what it observed, so a busy machine moves single runs a lot: the median run by score is
 * reported, as Lighthouse's own docs advise.
 */
async function lighthouseMedian(port, url, cookieHeader) {
  const runs = [];
  for (let failures = 0; runs.length < LIGHTHOUSE_RUNS; ) {
    try {
      runs.push(await lighthouseRun(port, url, cookieHeader));
    } catch (error) {
      // A run Lighthouse could not finish (its own runtime error) is run again, twice at most.
      failures += 1;
      run.log(`${url}: ${error.message}`);
      if (failures > 2) throw error;
    }
  }
  runs.sort((a, b) => a.score - b.score || b.lcp - a.lcp);
  return runs[Math.floor(runs.length / 2)];
}

async function lighthouseRun(port, url, cookieHeader) {
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...(cookieHeader ? { extraHeaders: { Cookie: cookieHeader } } : {}) };
  const { lhr } = await lighthouse(url, flags);
  const missing = ['largest-contentful-paint', 'first-contentful-paint', 'total-blocking-time', 'bootup-time'].filter((id) => typeof lhr.audits[id]?.numericValue !== 'number');
  if (lhr.runtimeError || missing.length > 0 || typeof lhr.categories.performance.score !== 'number') {
    throw new Error(`Lighthouse could not finish: ${lhr.runtimeError?.message ?? `no ${missing.join(', ') || 'score'}`}`);
  }
  return {
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    score: lhr.categories.performance.score,
    scripting: lhr.audits['bootup-time'].details.items.reduce((total, item) => total + item.scripting, 0),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** What the service worker downloads after a first visit: its precache list, as the server sends it (brotli where built). */
function precacheBytes() {
  const worker = join(DIST, 'sw.js');
  if (!existsSync(worker)) return null;
  const urls = [...new Set([...readFileSync(worker, 'utf8').matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]))];
  return urls.reduce((total, url) => {
    const file = join(DIST, url);
    if (!existsSync(file)) return total;
    return total + (existsSync(`${file}.br`) ? statSync(`${file}.br`) : statSync(file)).size;
  }, 0);
}

const kb = (bytes) => (Number.isFinite(bytes) ? `${(bytes / KB).toFixed(1)} kB` : '-');
const seconds = (value) => (Number.isFinite(value) ? `${(value / 1000).toFixed(2)} s` : '-');

function printHeader() {
  console.log(
    `\nFirst visit, cache off, bytes on the wire as Chromium counts them (encodedDataLength: compressed bodies + headers).\n` +
      `Lighthouse ${flags.lighthouse === 'none' ? 'off' : `mobile defaults (simulated slow 4G, 4x CPU slowdown), median of ${LIGHTHOUSE_RUNS} runs`}.\n`,
  );
  console.log(
    `JS<form: JavaScript on the wire before the SOS form is interactive. Script: Lighthouse bootup-time, scripting ms at the 4x slowdown. BI: Lighthouse's benchmarkIndex of the run.\n`,
  );
  console.log(
    `${'route'.padEnd(20)}${'all'.padStart(10)}${'JS'.padStart(10)}${'JS<form'.padStart(10)}${'req'.padStart(5)}${'FCP'.padStart(9)}${'LCP'.padStart(9)}${'TBT'.padStart(9)}${'script'.padStart(9)}${'score'.padStart(7)}${'BI'.padStart(6)}   budget`,
  );
}

async function main() {
  if (!flags['skip-build']) {
    run.log('building the API, worker and frontend');
    build({ frontend: true });
  }
  const stack = await startStack({ production: true, worker: false });
  run.defer('stopping the stack', () => stack.stop(), 30_000);
  const baseUrl = stack.api.baseUrl;
  const admin = await stack.api.adminClient();
  const driverAccount = { username: 'bench.driver', password: 'bench-driver-pass', email: 'bench.driver@example.com', firstName: 'Bench', lastName: 'Driver', phone: '0412 345 678' };
  const created = await admin.post('/api/drivers', driverAccount);
  if (created.status !== 201) throw new Error(`creating the bench driver: ${created.status} ${created.text}`);
  const driver = stack.api.client();
  const login = await driver.post('/api/auth/login', { username: driverAccount.username, password: driverAccount.password });
  if (login.status !== 200) throw new Error(`signing in the bench driver: ${login.status} ${login.text}`);
  await stack.api.client().post('/api/sos', { phone: '0412 345 679', situation: 'Bogged', gps: { lat: -20.9, lng: 116.7 } });
  const sessions = { admin: admin.cookie, driver: driver.cookie };

  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLES.full, args: CHROMIUM_ARGS, handleSIGINT: false, handleSIGTERM: false });
  run.defer('closing the browser', () => browser.close());
  const wanted = (options) => flags.lighthouse === 'all' || (flags.lighthouse === 'key' && options.key);
  const chrome = flags.lighthouse === 'none' ? null : await chromeLauncher.launch({ chromePath: CHROMIUM_EXECUTABLES.full, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS], handleSIGINT: false });
  if (chrome) run.defer('closing the Lighthouse browser', () => chrome.kill());

  printHeader();
  const rows = [];
  for (const [path, options] of ROUTES) {
    const url = baseUrl + path;
    const session = options.signedIn ? sessions[options.signedIn] : null;
    const [cookieName, cookieValue] = session ? session.split('=') : [];
    const cookie = session ? { name: cookieName, value: cookieValue } : null;
    const wire = await wireBytes(browser, url, cookie, { formInteractive: options.jsBeforeForm !== undefined });
    const audit = chrome && wanted(options) ? await lighthouseMedian(chrome.port, url, session) : null;
    const misses = [
      options.total !== undefined && wire.all > options.total && `total > ${kb(options.total)}`,
      options.js !== undefined && wire.js > options.js && `JS > ${kb(options.js)}`,
      options.jsBeforeForm !== undefined && wire.jsBeforeForm > options.jsBeforeForm && `JS before the form > ${kb(options.jsBeforeForm)}`,
      audit && options.lcp !== undefined && audit.lcp > options.lcp && `LCP > ${seconds(options.lcp)}`,
      audit && options.tbt !== undefined && audit.tbt > options.tbt && `TBT > ${options.tbt} ms`,
      audit && options.score !== undefined && audit.score < options.score && `score < ${options.score}`,
      wire.errors.length > 0 && `page errors: ${wire.errors.join('; ')}`,
    ].filter(Boolean);
    const budget = [
      options.total !== undefined && `total <= ${kb(options.total)}`,
      options.js !== undefined && `JS <= ${kb(options.js)}`,
      options.jsBeforeForm !== undefined && `JS<form <= ${kb(options.jsBeforeForm)}`,
      options.lcp !== undefined && `LCP <= ${seconds(options.lcp)}`,
      options.tbt !== undefined && `TBT <= ${options.tbt} ms`,
      options.score !== undefined && `score >= ${options.score}`,
    ].filter(Boolean);
    const row = { path: options.signedIn ? `${path} (${options.signedIn})` : path, wire, audit, budget: budget.join(', ') || '-', misses };
    rows.push(row);
    console.log(
      `${row.path.padEnd(20)}${kb(wire.all).padStart(10)}${kb(wire.js).padStart(10)}${kb(wire.jsBeforeForm).padStart(10)}${String(wire.requests).padStart(5)}` +
        `${seconds(audit?.fcp).padStart(9)}${seconds(audit?.lcp).padStart(9)}${(audit ? `${audit.tbt.toFixed(0)} ms` : '-').padStart(9)}` +
        `${(audit ? `${audit.scripting.toFixed(0)} ms` : '-').padStart(9)}${(audit ? audit.score.toFixed(2) : '-').padStart(7)}${(audit ? audit.benchmarkIndex.toFixed(0) : '-').padStart(6)}` +
        `   ${row.budget.padEnd(80)}${misses.length ? `MISS (${misses.join('; ')})` : budget.length ? 'PASS' : ''}`,
    );
  }
  return rows;
}

main()
  .then((rows) => {
    const precache = precacheBytes();
    console.log(precache === null ? '\nNo service worker in the build.' : `\nService worker precache, downloaded once in the background after the first visit: ${kb(precache)} (shell, /sos and /driver).`);
    const missed = rows.filter((row) => row.misses.length > 0).length;
    console.log(missed ? `${missed} route(s) over budget.` : 'Every route within budget.');
    return run.finish(missed ? 1 : 0);
  })
  .catch((error) => run.abort(`failed: ${error.stack ?? error.message}`));
