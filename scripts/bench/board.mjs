// `npm run bench:board [-- --changes 20 --keep-logs]`
//
// The admin board at scale: 2,000 jobs and 500 bookings in a throwaway database, the compiled
// API as production runs it, and /admin in headless Chromium signed in as an admin. Prints the
// time to first render of the board and the median time from a status change made through the
// API to the updated row showing in a second browser. Everything it starts it stops.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { createHarness, freePort, sleep, withDatabase, productionEnv } from './harness.mjs';

const { values: flags } = parseArgs({
  options: {
    changes: { type: 'string', default: '20' },
    'keep-logs': { type: 'boolean', default: false },
  },
});
const CHANGES = Number(flags.changes);
if (!Number.isInteger(CHANGES) || CHANGES < 1 || CHANGES > 40) {
  console.error('--changes must be a whole number from 1 to 40');
  process.exit(2);
}

const JOBS = 2000;
const BOOKINGS = 500;
const TARGETS = { firstRenderMs: 1500, changeVisibleMs: 200 };
const BUDGET_MS = 300_000;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const root = new URL('../..', import.meta.url).pathname;
const runId = randomBytes(4).toString('hex');
const databaseName = `towing_bench_board_${runId}`;
const serverUrl = 'postgres://postgres@127.0.0.1:5432';
const databaseUrl = `${serverUrl}/${databaseName}`;
const redisUrl = 'redis://127.0.0.1:6379';
const redisPrefix = `bench-board-${runId}`;
const admin = { username: 'bench', password: 'bench-password-123' };

const log = (message) => console.log(`[bench:board] ${message}`);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

// ---------------------------------------------------------------- resources to clean up

const state = { browser: undefined };
const harness = createHarness({
  tag: '[bench:board]',
  root,
  logDirPrefix: `towing-bench-board-${runId}-`,
  keepLogs: flags['keep-logs'],
  logsKept: 'api log kept in',
  serverUrl,
  databaseName,
  redisUrl,
  redisPrefix,
  budgetMs: BUDGET_MS,
  steps: () => [
    ['closing the browser', () => state.browser?.close() ?? Promise.resolve()],
    ['stopping the api', () => harness.stopChildren(), 20_000],
  ],
});
const { abort } = harness;

// ---------------------------------------------------------------- data

const STATUSES = ['Assigned', 'Scheduled', 'En Route', 'In Progress', 'Completed', 'Completed', 'Cancelled', 'Emergency'];
const PROGRESS = { Assigned: 0, Scheduled: 0, 'En Route': 25, 'In Progress': 50, Completed: 100, Cancelled: 0, Emergency: 0 };
const PLACES = ['Karratha', 'Roebourne', 'Wickham', 'Dampier', 'Tom Price', 'Newman', 'Marble Bar', 'Port Hedland'];

/** Rows written straight to the tables: the board is measured, not the create path. */
async function seed(client) {
  // The newest jobs (first page) are Assigned, so each timed change is a legal Mark En Route.
  const fresh = Math.max(CHANGES, 20);
  await client.query(
    `INSERT INTO jobs (id, customer_name, phone, email, status, service, location, estimated_arrival, progress,
                       assigned_to, notes, tracking_token, created_at, updated_at)
     SELECT 'JOB-2026-' || nextval('job_number_seq'), 'Customer ' || g, '0412 ' || lpad(g::text, 6, '0'),
            'customer' || g || '@example.com', s.status, '4x4 Recovery', ($3::text[])[1 + g % 8] || ' area, site ' || g,
            now() - (g || ' minutes')::interval + interval '1 hour', s.progress,
            (ARRAY['Dean', 'Matt', 'Both', 'Unassigned'])[1 + g % 4], 'Bench job ' || g,
            md5(random()::text || g) || md5(g::text), now() - (g * 7 || ' minutes')::interval, now() - (g * 7 || ' minutes')::interval
       FROM generate_series($1::int, 1, -1) AS g,
            LATERAL (SELECT CASE WHEN g <= $2 THEN 'Assigned' ELSE ($4::text[])[1 + g % 8] END AS status) AS picked,
            LATERAL (SELECT picked.status, ($5::jsonb ->> picked.status)::int AS progress) AS s`,
    [JOBS, fresh, PLACES, STATUSES, JSON.stringify(PROGRESS)],
  );
  await client.query(
    `INSERT INTO bookings (customer_name, phone, email, service, location, preferred_date, preferred_time, urgency,
                           description, status, created_at, updated_at)
     SELECT 'Booker ' || g, '0413 ' || lpad(g::text, 6, '0'), 'booker' || g || '@example.com', 'Winch Recovery',
            ($2::text[])[1 + g % 8] || ' town centre', current_date + (g % 14), '09:30 AM',
            (ARRAY['emergency', 'same-day', 'scheduled'])[1 + g % 3], 'Needs a winch out of soft sand, booking ' || g,
            'pending', now() - (g * 3 || ' minutes')::interval, now() - (g * 3 || ' minutes')::interval
       FROM generate_series(1, $1::int) AS g`,
    [BOOKINGS, PLACES],
  );
  const { rows } = await client.query(`SELECT id FROM jobs ORDER BY created_at DESC LIMIT $1`, [CHANGES]);
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------- the run

async function main() {
  log(`run ${runId}: ${JOBS} jobs, ${BOOKINGS} bookings, ${CHANGES} timed changes; ${cpus().length} CPU, Node ${process.version}`);
  log('building backend (tsc -b worker) and frontend (vite build)');
  for (const [command, args] of [
    [process.execPath, ['node_modules/typescript/bin/tsc', '-b', 'worker']],
    ['npm', ['run', 'build', '-w', 'frontend']],
  ]) {
    const build = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) return abort(`build failed: ${command} ${args.join(' ')}`);
  }

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = productionEnv({ port, databaseUrl, redisUrl, redisPrefix, admin });

  log(`preparing and seeding ${databaseName}`);
  harness.databaseCreated = true;
  const prepare = spawnSync(process.execPath, ['backend/dist/cli/prepare.js'], { cwd: root, env, encoding: 'utf8' });
  if (prepare.status !== 0) return abort(`prepare failed:\n${prepare.stdout}${prepare.stderr}`);
  const changeIds = await withDatabase(databaseUrl, seed);

  log(`starting the api on ${baseUrl}`);
  const api = harness.startChild('api', 'backend/dist/main.js', env);
  await harness.waitFor('GET /api/health', async () => (await fetch(`${baseUrl}/api/health`)).status === 200, 60_000, api);

  const login = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  const cookie = login.headers.getSetCookie().map((header) => header.split(';')[0]).find((pair) => pair.startsWith('sid='));
  if (login.status !== 200 || !cookie) return abort(`admin login failed: ${login.status}`);
  const [name, value] = cookie.split('=');

  // Playwright's own SIGINT handler would close the browser and exit(130) before the harness has
  // dropped the database; the harness's handlers close the browser as part of cleanup instead.
  state.browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
  });
  const newBoardContext = async () => {
    const context = await state.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-AU', timezoneId: 'Australia/Perth' });
    await context.addCookies([{ name, value, url: baseUrl }]);
    return context;
  };

  // First render: navigation until the tiles and the first page of pending bookings are on screen.
  const firstContext = await newBoardContext();
  const firstPage = await firstContext.newPage();
  const renders = [];
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const started = performance.now();
    await firstPage.goto(`${baseUrl}/admin`);
    await firstPage.locator('[data-testid^="booking-"]').first().waitFor({ timeout: 30_000 });
    await firstPage.getByText('Available Drivers', { exact: true }).waitFor();
    renders.push(performance.now() - started);
  }
  const [cold, ...warm] = renders;
  log(`first render: cold ${cold.toFixed(0)} ms (empty cache), warm median ${median(warm).toFixed(0)} ms of ${warm.length}`);

  // A second dispatcher's browser, watching the jobs tab, stamps when each changed row shows.
  const secondContext = await newBoardContext();
  const board = await secondContext.newPage();
  await board.goto(`${baseUrl}/admin`);
  await board.getByRole('tab', { name: /Job Management/ }).click();
  await board.locator(`[data-testid="job-${changeIds[0]}"]`).waitFor({ timeout: 30_000 });
  await board.evaluate(() => {
    window.__seen = {};
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        const row = mutation.target;
        if (row.dataset?.status === 'En Route' && row.dataset.testid) window.__seen[row.dataset.testid.slice(4)] ??= Date.now();
      }
    }).observe(document.body, { attributes: true, attributeFilter: ['data-status'], subtree: true });
  });

  const latencies = [];
  for (const id of changeIds) {
    const sent = Date.now();
    const response = await fetch(`${baseUrl}/api/jobs/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ status: 'En Route', progress: 25 }),
    });
    if (response.status !== 200) return abort(`PATCH ${id} answered ${response.status}: ${await response.text()}`);
    const seen = await board.waitForFunction((jobId) => window.__seen[jobId], id, { timeout: 10_000, polling: 10 });
    latencies.push((await seen.jsonValue()) - sent);
    await sleep(100);
  }
  const changeMedian = median(latencies);
  log(`status change to visible row: median ${changeMedian.toFixed(0)} ms, min ${Math.min(...latencies)} ms, max ${Math.max(...latencies)} ms over ${latencies.length}`);

  const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
  console.log('');
  console.log(`  first render of /admin (cold)      ${cold.toFixed(0).padStart(6)} ms   target < ${TARGETS.firstRenderMs} ms   ${verdict(cold < TARGETS.firstRenderMs)}`);
  console.log(`  first render of /admin (warm)      ${median(warm).toFixed(0).padStart(6)} ms`);
  console.log(`  change visible in a 2nd browser    ${changeMedian.toFixed(0).padStart(6)} ms   target < ${TARGETS.changeVisibleMs} ms   ${verdict(changeMedian < TARGETS.changeVisibleMs)}`);
  console.log('');
  harness.clearBudget();
  await harness.cleanup();
  process.exit(cold < TARGETS.firstRenderMs && changeMedian < TARGETS.changeVisibleMs ? 0 : 1);
}

main().catch((error) => abort(error.stack ?? String(error)));
