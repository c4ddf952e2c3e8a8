import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Set by `npm test` to the checkout's path on everything it runs; every process a test starts
 * inherits it, so the runner finds whatever outlived the run (scripts/test.mjs).
 */
export const RUN_MARKER = 'TOWING_TESTS';

/** The marker of this run, to pass on to a child started with an environment of its own. */
export function runMarker(): NodeJS.ProcessEnv {
  return process.env[RUN_MARKER] ? { [RUN_MARKER]: process.env[RUN_MARKER] } : {};
}

/**
 * Holds the read end of a pipe from the test process and a list of process groups: when the
 * pipe closes (the test process ended, crashed or was killed, however), it kills every group
 * still listed. It runs in a group of its own, so a Ctrl-C that ends the test process does not
 * end it before it has done its work.
 */
const REAPER = `
const groups = new Set();
let pending = '';
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => undefined);
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  const lines = (pending + chunk).split('\\n');
  pending = lines.pop();
  for (const line of lines) (line[0] === '+' ? groups.add(line.slice(1)) : groups.delete(line.slice(1)));
});
process.stdin.on('close', () => {
  for (const group of groups) {
    try { process.kill(-Number(group), 'SIGKILL'); } catch {}
  }
  process.exit(0);
});
`;

export interface TrackedGroup {
  /** The group's id: the pid of the process that leads it. */
  pgid: number;
  name: string;
  /** What the process last said, printed if it is still running when its test file ends. */
  lastWords?: () => string;
}

/**
 * The process groups a test file has started and not yet seen end. Each child a test starts
 * leads a group of its own (its own children, e.g. a worker's Chromium, die with it), listed
 * here and with the reaper, so it ends when its test file ends however the file ends: stopped
 * by the test, killed by the test environment when the file ends (jest.node-environment.js),
 * or killed by the reaper when the test process itself goes.
 */
export class ProcessGroups {
  private readonly groups = new Map<number, TrackedGroup>();
  private reaper?: ChildProcess;
  private ended = false;

  /** Lists a started group; one started after its test file ended (by a hook that timed out) is killed at once. */
  add(group: TrackedGroup): void {
    if (this.ended) return killGroup(group.pgid);
    this.groups.set(group.pgid, group);
    this.reaperPipe().write(`+${group.pgid}\n`);
  }

  /** The group has ended: nothing to kill any more (and its id may be reused). */
  remove(pgid: number): void {
    if (!this.groups.delete(pgid)) return;
    if (this.reaper?.stdin?.writable) this.reaper.stdin.write(`-${pgid}\n`);
  }

  /** The groups still running, e.g. to say what they said when a test fails. */
  running(): TrackedGroup[] {
    return [...this.groups.values()];
  }

  /** Kills every group still listed and lets the reaper go; returns what was still running. */
  end(): TrackedGroup[] {
    this.ended = true;
    const left = [...this.groups.values()];
    for (const group of left) killGroup(group.pgid);
    this.groups.clear();
    this.reaper?.stdin?.end();
    this.reaper = undefined;
    return left;
  }

  private reaperPipe(): NonNullable<ChildProcess['stdin']> {
    if (!this.reaper) {
      this.reaper = spawn(process.execPath, ['-e', REAPER], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
      // Neither keeps the test process alive: the pipe closing when it exits is the point.
      this.reaper.unref();
      (this.reaper.stdin as unknown as { unref(): void }).unref();
      this.reaper.stdin!.on('error', () => undefined);
    }
    return this.reaper.stdin!;
  }
}

function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

const KEY = Symbol.for('towing.testkit.processGroups');

/** This test file's groups: one list per global scope (Jest gives each test file its own), read by the test environment at the end. */
export function processGroups(): ProcessGroups {
  const scope = globalThis as typeof globalThis & { [KEY]?: ProcessGroups };
  return (scope[KEY] ??= new ProcessGroups());
}

/**
 * Lists a child that leads its own group (spawned with `detached: true`). When it exits, what
 * it left behind in its group goes with it (a group's id is not reused while a member lives).
 */
export function trackGroup(child: ChildProcess, name: string, lastWords?: () => string): void {
  if (child.pid === undefined) return;
  const pgid = child.pid;
  processGroups().add({ pgid, name, lastWords });
  child.once('exit', () => {
    killGroup(pgid);
    processGroups().remove(pgid);
  });
}
