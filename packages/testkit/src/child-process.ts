import { type ChildProcess, spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { REPO_ROOT } from './paths.js';
import { runMarker, trackGroup } from './process-groups.js';

const TAIL_LINES = 60;

/**
 * Loaded before the entry of each process started here: it exits once the test process that
 * started it has gone, however (a crash, a kill of every process of the run at once), which it
 * sees as a new parent process. The check does not keep a process that is done from ending.
 */
const EXIT_WITH_PARENT = `data:text/javascript,${encodeURIComponent(
  'const parent = process.ppid; setInterval(() => { if (process.ppid !== parent) process.exit(1); }, 500).unref();',
)}`;

/**
 * One of our compiled processes (API, worker, CLI) run as production runs it. Its output is
 * kept (the last lines) so a failure can say what the process said; TEST_LOGS=1 prints it live.
 * It leads a process group of its own that ends with its test file (see process-groups.ts).
 */
export class ManagedProcess {
  readonly output: string[] = [];
  private readonly lineWaiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
  readonly exited: Promise<number | null>;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    const collect = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (process.env.TEST_LOGS) process.stderr.write(`[${name}] ${text}`);
      for (const line of text.split('\n').filter(Boolean)) {
        this.output.push(line);
        if (this.output.length > TAIL_LINES) this.output.shift();
        for (const waiter of this.lineWaiters.filter((candidate) => candidate.pattern.test(line))) {
          this.lineWaiters.splice(this.lineWaiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  static start(name: string, entry: string, env: NodeJS.ProcessEnv): ManagedProcess {
    const child = spawn(process.execPath, ['--import', EXIT_WITH_PARENT, entry], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...runMarker(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const managed = new ManagedProcess(name, child);
    trackGroup(child, name, () => managed.output.join('\n'));
    return managed;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resolves when the process prints a line matching the pattern; rejects if it exits first. */
  waitForLine(pattern: RegExp): Promise<void> {
    return this.waitFor(new Promise<void>((resolve) => this.lineWaiters.push({ pattern, resolve })), `a line matching ${pattern}`);
  }

  /**
   * Resolves with the check's result, or rejects with the process's last words if it exits
   * first. It sets no deadline of its own: a busy machine makes a start slow, and the calling
   * test's own timeout says how long is too long (then the process is killed with its file,
   * and its last words are printed).
   */
  async waitFor<T>(work: Promise<T>, what: string): Promise<T> {
    return Promise.race([
      work,
      this.exited.then((code) => Promise.reject(new Error(`${this.name}: exited with ${code} while waiting for ${what}\n${this.output.join('\n')}`))),
    ]);
  }

  /**
   * Lets the test process exit while this one runs (a shared stack's API, which ends with its
   * Jest worker: it exits once its parent has gone, and the reaper kills its group).
   */
  unref(): void {
    this.child.unref();
    for (const pipe of [this.child.stdout, this.child.stderr]) (pipe as Socket | null)?.unref();
  }

  /** SIGTERM and wait (a clean shutdown); SIGKILL if it takes longer than graceMs. */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  /** Dies at once, mid-work, as a crash or an OOM kill would. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }
}

/** Runs a CLI entry to completion; rejects with its output when it fails. */
export async function runToCompletion(name: string, entry: string, env: NodeJS.ProcessEnv): Promise<void> {
  const managed = ManagedProcess.start(name, entry, env);
  const code = await managed.exited;
  if (code !== 0) throw new Error(`${name} exited with ${code}\n${managed.output.join('\n')}`);
}
