import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_EXECUTABLES } from '@towing/testkit';
import { chromiumProblem } from './chromium-check.js';

describe('the Chromium check at worker start-up', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'chromium-check-'));
    writeFileSync(join(dir, 'not-a-program'), 'text', { mode: 0o644 });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('says PDFs cannot be made, with the install command, when nothing runnable is at the path', () => {
    for (const path of [join(dir, 'chromium'), join(dir, 'not-a-program'), dir]) {
      expect(chromiumProblem(path)).toBe(
        `No Chromium to run at ${path}: quote and invoice PDFs cannot be made. Install it (apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH to where it is.`,
      );
    }
  });

  it('finds nothing to say about the Chromium the tests run', () => {
    expect(chromiumProblem(CHROMIUM_EXECUTABLES.shell)).toBeNull();
  });
});
