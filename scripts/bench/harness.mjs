// What the benches share beyond @towing/testkit (which starts the stack, the databases and the
// protocol peers): building what they measure, cleanup that runs once however the run ends
// (done, error, Ctrl-C, SIGTERM or the wall-clock budget), percentiles and the browser's flags.
//
//   const run = startRun({ tag: '[bench:x]', budgetMs: 300_000 });
//   const stack = await startStack({ production: true });
//   run.defer('stopping the stack', () => stack.stop());
//   ...
//   await run.finish(allTargetsMet ? 0 : 1);   // or: run.abort(reason)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { REPO_ROOT } from '@towing/testkit';

/** Linux's clock ticks per second, the unit of /proc/PID/stat's CPU times. */
const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/**
 * Every bench's thousand sockets come from one loopback address, which the per-address socket
 * cap (SOCKETS_PER_ADDRESS) would otherwise refuse after the first fifty.
 */
export const ONE_ADDRESS_FLEET = { SOCKETS_PER_ADDRESS: '100000' };

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms))),
  ]).finally(() => clearTimeout(timer));
}

/** Builds the API and worker (and the frontend when asked), as `npm run build` does; exits on failure. */
export function build({ frontend }) {
  const steps = [['npm', ['run', '--silent', 'build:server']], ...(frontend ? [['npm', ['run', 'build', '-w', 'frontend']]] : [])];
  for (const [command, args] of steps) {
    const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) {
      console.error(`build failed: ${command} ${args.join(' ')}`);
      process.exit(result.status ?? 1);
    }
  }
}

/** The sorted samples' nearest-rank p-th percentile (NaN for none). */
function rank(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The nearest-rank p-th percentile of samples in any order (NaN for none): every bench's one percentile. */
export function percentile(samples, p) {
  return rank(Float64Array.from(samples).sort(), p);
}

export function summarise(samples) {
  const sorted = Float64Array.from(samples).sort();
  return {
    count: sorted.length,
    p50: rank(sorted, 50),
    p95: rank(sorted, 95),
    p99: rank(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
  };
}

/**
 * One run's cleanup. defer() adds a step; cleanup runs the steps newest first, each at most
 * once, bounded by a timeout and reported rather than thrown, so one failure never leaves the
 * rest (a database, Redis keys, a browser) behind.
 */
export function startRun({ tag, budgetMs }) {
  const steps = [];
  let cleaning;

  function cleanup() {
    cleaning ??= (async () => {
      for (const [what, work, ms] of steps.reverse()) {
        try {
          await withTimeout(Promise.resolve().then(work), ms, what);
        } catch (error) {
          console.error(`${tag} cleanup: ${what}: ${error.message}`);
        }
      }
    })();
    return cleaning;
  }

  async function exit(code) {
    clearTimeout(budget);
    await cleanup();
    process.exit(code);
  }

  const abort = (reason, code = 1) => {
    console.error(`${tag} ${reason}`);
    return exit(code);
  };
  process.on('SIGINT', () => void abort('interrupted; cleaning up', 130));
  process.on('SIGTERM', () => void abort('terminated; cleaning up', 143));
  const budget = setTimeout(() => void abort(`gave up: the run took longer than ${budgetMs / 1000} s`), budgetMs);

  return {
    log: (message) => console.log(`${tag} ${message}`),
    defer: (what, work, ms = 20_000) => steps.push([what, work, ms]),
    abort,
    /** Cleans up and exits with code: a missed target is a result, exit 1 so scripts can tell. */
    finish: exit,
  };
}

/** Whether this kernel keeps each thread's run time in ns (CONFIG_SCHED_INFO). */
const SCHEDSTAT = existsSync('/proc/self/schedstat');

/**
 * A process's CPU time so far (user + system), in ms, from Linux /proc: the run time of each of
 * its threads (schedstat, in ns) where the kernel keeps it, else stat's utime + stime, which
 * count in clock ticks (10 ms): bench:cost's 300 warm floor requests cost about 80 ms, eight
 * ticks. Throws when the process is gone. A thread that ended takes its time with it; a Node
 * process keeps its threads.
 */
export function processCpuMs(pid) {
  if (SCHEDSTAT) {
    let ns = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // The thread ended between the listing and the read.
      }
    }
    return ns / 1e6;
  }
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name and state.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * CPU-ms in a half-second below which a process is idle. An idle API or worker still wakes for its
 * own timers (metrics sampling, queue polls, the outbox sweep); on a slow VM, where a wakeup costs
 * 100-200 µs, that came to 2-3 ms a half-second, and to 7-10 for the API while its load shedding
 * measured without rest: a ceiling of 5 waited forever. A process still at work spends hundreds.
 */
const IDLE_MS_PER_HALF_SECOND = 20;

/** Waits until a process's CPU time stops moving (two idle half-seconds in a row); `extraIdleMs` is what it spends idle beyond that (a profiler's sampling). */
export async function quiet(pid, extraIdleMs = 0) {
  let quietFor = 0;
  let last = processCpuMs(pid);
  while (quietFor < 2) {
    await sleep(500);
    const now = processCpuMs(pid);
    quietFor = now - last < IDLE_MS_PER_HALF_SECOND + extraIdleMs ? quietFor + 1 : 0;
    last = now;
  }
}

/**
 * Watches the CPU time of every PostgreSQL backend connected to one database (`query`: runs SQL
 * on the same server, resolves with the rows); `stop` resolves with what they spent since, in ms.
 * PostgreSQL runs a process per connection, so a database's share of the box is its backends'
 * share. A pool closes connections it no longer needs, taking their /proc figures with them: so
 * the backends are read every SAMPLE_MS and a closed one keeps its last reading; one opened
 * since the start counts whole.
 */
export function watchDatabaseCpu(query, database) {
  const SAMPLE_MS = 200;
  const first = new Map();
  const last = new Map();
  /** `opening`: the reading the run starts from; a backend first seen later counts from zero. */
  const sample = async (opening) => {
    const rows = await query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [database]);
    for (const { pid } of rows) {
      let ms;
      try {
        ms = processCpuMs(pid);
      } catch {
        continue; // closed between the query and the read
      }
      if (!first.has(pid)) first.set(pid, opening ? ms : 0);
      last.set(pid, ms);
    }
  };
  let stopped = false;
  const ready = sample(true);
  const sampling = ready.then(async () => {
    while (!stopped) {
      await sleep(SAMPLE_MS);
      await sample(false);
    }
  });
  return {
    ready,
    async stop() {
      stopped = true;
      await sampling;
      let total = 0;
      for (const [pid, ms] of last) total += ms - first.get(pid);
      return total;
    },
  };
}
