import { relative } from 'node:path';
import { TestEnvironment } from 'jest-environment-node';

/** Where the testkit keeps a test file's process groups (packages/testkit/src/process-groups.ts). */
const PROCESS_GROUPS = Symbol.for('towing.testkit.processGroups');

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

  async teardown() {
    const left = this.global[PROCESS_GROUPS]?.end() ?? [];
    for (const { name, pgid, lastWords } of left) {
      const said = lastWords?.().trim().split('\n').slice(-20).join('\n');
      process.stderr.write(`${this.testPath}: ${name} (pid ${pgid}) was still running when the file ended; killed.${said ? `\nIts last words:\n${said}` : ''}\n`);
    }
    await super.teardown();
  }
}
