// `npm run bench:board [-- --changes 20 --skip-build]`
//
// The admin board at scale: 2,000 jobs and 500 bookings in a throwaway database, the compiled
// API as production runs it, and /admin in headless Chromium signed in as an admin. Prints the
// time to first render of the board and the median time from a status change made through the
// API to the updated row showing in a second browser. Everything it starts it stops.
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLES, startStack } from '@towing/testkit';
import { build, sleep, startRun } from './harness.mjs';

const { values: flags } = parseArgs({
  options: {
    changes: { type: 'string', default: '20' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const CHANGES = Number(flags.changes);
if (!Number.isInteger(CHANGES) || CHANGES < 1 || CHANGES > 20) {
  console.error('--changes must be a whole number from 1 to 20');
  process.exit(2);
}

const JOBS = 2000;
const BOOKINGS = 500;
const TARGETS = { firstRenderMs: 1500, changeVisibleMs: 200 };

const run = startRun({ tag: '[bench:board]', budgetMs: 300_000 });
const { log } = run;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

// ---------------------------------------------------------------- data

/** A two-truck business's history: nearly every job closed, a few open, three SOS waiting. */
const HISTORY = ['Completed', 'Completed', 'Completed', 'Completed', 'Completed', 'Completed', 'Completed', 'Cancelled'];
const OPEN = ['Scheduled', 'En Route', 'In Progress', 'Assigned'];
const OPEN_EVERY = 100;
const SOS = 3;
/** The timed jobs carry this in their notes; the watching board searches for it, as a dispatcher finds a job. */
const TIMED_NOTE = 'timed change';
const PROGRESS = { Assigned: 0, Scheduled: 0, 'En Route': 25, 'In Progress': 50, Completed: 100, Cancelled: 0, Emergency: 0 };
const PLACES = ['Karratha', 'Roebourne', 'Wickham', 'Dampier', 'Tom Price', 'Newman', 'Marble Bar', 'Port Hedland'];

/** Rows written straight to the tables: the board is measured, not the create path. */
async function seed(dataSource) {
  // The newest jobs are the timed ones, Assigned, so each change is a legal Mark En Route; then
  // three unacknowledged SOS with a GPS fix; every hundredth older job is still open.
  await dataSource.query(
    `INSERT INTO jobs (id, customer_name, phone, email, status, service, location, estimated_arrival, progress,
                       assigned_to, notes, tracking_token, gps_lat, gps_lng, gps_accuracy_m, gps_fixed_at, created_at, updated_at)
     SELECT 'JOB-2026-' || nextval('job_number_seq'), 'Customer ' || g, '0412 ' || lpad(g::text, 6, '0'),
            'customer' || g || '@example.com', s.status, '4x4 Recovery', ($3::text[])[1 + g % 8] || ' area, site ' || g,
            now() - (g || ' minutes')::interval + interval '1 hour', s.progress,
            (ARRAY['Dean', 'Matt', 'Both', 'Unassigned'])[1 + g % 4], CASE WHEN g <= $2 THEN $9 ELSE 'Bench job ' || g END,
            md5(random()::text || g) || md5(g::text),
            fix.lat, fix.lng, fix.accuracy, fix.fixed_at,
            now() - (g * 7 || ' minutes')::interval, now() - (g * 7 || ' minutes')::interval
       FROM generate_series($1::int, 1, -1) AS g,
            LATERAL (SELECT CASE WHEN g <= $2 THEN 'Assigned'
                                 WHEN g <= $2 + $8 THEN 'Emergency'
                                 WHEN g % $7 = 0 THEN ($5::text[])[1 + (g / $7) % 4]
                                 ELSE ($4::text[])[1 + g % 8] END AS status) AS picked,
            LATERAL (SELECT picked.status, ($6::jsonb ->> picked.status)::int AS progress) AS s,
            LATERAL (SELECT CASE WHEN picked.status = 'Emergency' THEN -20.7 - g / 100.0 END AS lat,
                            CASE WHEN picked.status = 'Emergency' THEN 116.8 + g / 100.0 END AS lng,
                            CASE WHEN picked.status = 'Emergency' THEN 15 END AS accuracy,
                            CASE WHEN picked.status = 'Emergency' THEN now() - (g * 7 || ' minutes')::interval END AS fixed_at) AS fix`,
    [JOBS, CHANGES, PLACES, HISTORY, OPEN, JSON.stringify(PROGRESS), OPEN_EVERY, SOS, TIMED_NOTE],
  );
  await dataSource.query(
    `INSERT INTO bookings (customer_name, phone, email, service, location, preferred_date, preferred_time, urgency,
                           description, status, created_at, updated_at)
     SELECT 'Booker ' || g, '0413 ' || lpad(g::text, 6, '0'), 'booker' || g || '@example.com', 'Winch Recovery',
            ($2::text[])[1 + g % 8] || ' town centre', current_date + (g % 14), '09:30 AM',
            (ARRAY['emergency', 'same-day', 'scheduled'])[1 + g % 3], 'Needs a winch out of soft sand, booking ' || g,
            'pending', now() - (g * 3 || ' minutes')::interval, now() - (g * 3 || ' minutes')::interval
       FROM generate_series(1, $1::int) AS g`,
    [BOOKINGS, PLACES],
  );
  const rows = await dataSource.query(`SELECT id FROM jobs WHERE notes = $1 ORDER BY created_at DESC`, [TIMED_NOTE]);
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------- the run

async function main() {
  log(`${JOBS} jobs, ${BOOKINGS} bookings, ${CHANGES} timed changes; ${cpus().length} CPU, Node ${process.version}`);
  if (!flags['skip-build']) {
    log('building the API, worker and frontend');
    build({ frontend: true });
  }
  const stack = await startStack({ production: true, worker: false });
  run.defer('stopping the stack', () => stack.stop(), 30_000);
  const baseUrl = stack.api.baseUrl;
  log(`seeding ${stack.database.name}; the API is on ${baseUrl}`);
  const changeIds = await seed(stack.api.dataSource);
  const { cookie } = await stack.api.adminClient();
  const [name, value] = cookie.split('=');

  // Playwright's own SIGINT handler would close the browser and exit(130) before the stack has
  // dropped its database; the run's handlers close the browser as part of cleanup instead.
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLES.full, args: CHROMIUM_ARGS, handleSIGINT: false, handleSIGTERM: false });
  run.defer('closing the browser', () => browser.close());
  const newBoardContext = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-AU', timezoneId: 'Australia/Perth' });
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
  await board.getByLabel('Search jobs').fill(TIMED_NOTE);
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
    if (response.status !== 200) return run.abort(`PATCH ${id} answered ${response.status}: ${await response.text()}`);
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
  return run.finish(cold < TARGETS.firstRenderMs && changeMedian < TARGETS.changeVisibleMs ? 0 : 1);
}

main().catch((error) => run.abort(error.stack ?? String(error)));
