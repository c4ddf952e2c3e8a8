import { relative } from 'node:path';
import { TestEnvironment } from 'jest-environment-node';
import { compiledTestkit } from './jest.compiled-testkit.js';

/** Where the testkit keeps a test file's process groups (packages/testkit/src/process-groups.ts). */
const PROCESS_GROUPS = Symbol.for('towing.testkit.processGroups');
/** Where a test file finds this Jest worker's shared stacks (leaseSharedStack). */
const SHARED_STACK = Symbol.for('towing.testkit.sharedStack');
/** How many of a process's last lines are printed. */
const LAST_WORDS = 40;

/** The last LAST_WORDS lines a process said, if any. */
const lastLines = (lastWords) => lastWords?.().trim().split('\n').slice(-LAST_WORDS).join('\n');

/**
 * This Jest worker's shared stacks, one of each kind (packages/testkit/src/shared-stack.ts):
 * started by the first test file that asks, from the compiled testkit, outside any file's scope,
 * so they outlive the file. Their processes end with the worker (the testkit's reaper); the run's
 * end drops their databases.
 */
const sharedStacks = new Map();
async function startedSharedStack(kind) {
  // One whose API has exited (a crash) is replaced: the files after it need not fail with it.
  const started = await sharedStacks.get(kind)?.catch(() => undefined);
  if (started?.running()) return started;
  const starting = compiledTestkit().then((kit) => {
    if (!kit) throw new Error('The compiled testkit is missing: run `npm run build` (npm test does it first)');
    return kit.startSharedStack(kind);
  });
  sharedStacks.set(kind, starting);
  return starting;
}

/**
 * Node's test environment, and: every process the test file started ends when the file ends,
 * however it ends (a failure, a hook that timed out before it could stop them). A file that
 * stopped what it started leaves nothing here; anything left is killed and named.
 */
export default class ProcessesEndWithTheirFile extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testPath = relative(config.globalConfig.rootDir, context.testPath);
    // A failed test of a file that used one is printed with what its API said last, as its own processes are.
    this.global[SHARED_STACK] = (kind) => startedSharedStack(kind).then((stack) => (this.usedSharedStack = stack));
  }

  /**
   * A failed test is printed with what the processes of its file said last (the API's and the
   * worker's log lines): most of what a stack does happens there, out of the test's sight.
   */
  handleTestEvent(event) {
    if (event.name !== 'test_done' || event.test.errors.length === 0) return;
    for (const { name, pgid, lastWords } of this.global[PROCESS_GROUPS]?.running() ?? []) {
      const said = lastLines(lastWords);
      if (said) process.stderr.write(`${this.testPath} › ${event.test.name} failed; ${name} (pid ${pgid}) last said:\n${said}\n`);
    }
    if (this.usedSharedStack) {
      const said = lastLines(this.usedSharedStack.lastWords);
      if (said) process.stderr.write(`${this.testPath} › ${event.test.name} failed; the shared API last said:\n${said}\n`);
    }
  }

  async teardown() {
    const left = this.global[PROCESS_GROUPS]?.end() ?? [];
    for (const { name, pgid, lastWords } of left) {
      const said = lastLines(lastWords);
      process.stderr.write(`${this.testPath}: ${name} (pid ${pgid}) was still running when the file ended; killed.${said ? `\nIts last words:\n${said}` : ''}\n`);
    }
    await super.teardown();
  }
}
