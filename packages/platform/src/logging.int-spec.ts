import { once } from 'node:events';
import { ManagedProcess, REPO_ROOT } from '@towing/testkit';

const LOGGING_PROCESS = `${REPO_ROOT}packages/platform/test/logging-process.mjs`;
const messages = (process: ManagedProcess) => process.output.map((line) => (JSON.parse(line) as { msg: string }).msg);

describe('JSON log lines, written in batches', () => {
  it('reach stdout while the process is otherwise quiet, and all of them when it exits right after logging', async () => {
    const logging = ManagedProcess.start('logging-process', LOGGING_PROCESS, {});
    // Nothing else is logged after it: the line goes out by the batch's time limit, not by a full batch.
    await logging.waitForLine(/"msg":"started"/);
    // 'close': the process has exited and its output has all been read.
    const closed = once(logging.child, 'close');
    logging.child.kill('SIGTERM');
    expect((await closed)[0]).toBe(0);
    expect(messages(logging)).toEqual(['started', 'last line 1', 'last line 2', 'last line 3']);
  });
});
