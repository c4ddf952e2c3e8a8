import { relative } from 'node:path';
import { TestEnvironment } from 'jest-environment-node';

/** Where the testkit keeps a test file's process groups (packages/testkit/src/process-groups.ts). */
const PROCESS_GROUPS = Symbol.for('towing.testkit.processGroups');
/** How many of a process's last lines are printed. */
const LAST_WORDS = 40;

/** The last LAST_WORDS lines a process said, if any. */
const lastLines = (lastWords) => lastWords?.().trim().split('\n').slice(-LAST_WORDS).join('\n');

/**
 * Node's test environment, and: every process the test file started ends when the file ends,
 * however it ends (a failure, a hook that timed out before it could stop them). A file that
 * stopped what it started leaves nothing here; anything left is killed and named.
 */
export default class ProcessesEndWithTheirFile extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testPath = relative(config.globalConfig.rootDir, context.testPath);
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
