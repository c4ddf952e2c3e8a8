// Its own module, with nothing imported: the testkit, which every test file loads, reads it
// without the rest of the platform (its environment loader alone brings class-validator).

/**
 * Debian's chromium-headless-shell, where its package puts the program itself (its /usr/bin
 * script would stand between puppeteer and the browser it signals): the same Blink and V8 as
 * Chromium without the browser around them. A PDF costs it a fraction of the CPU and half the
 * memory (bench:pdf), and the e2e journeys drive it too.
 */
const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';

/** The Chromium the worker renders PDFs with, as the tests drive it too: CHROMIUM_PATH, else the headless shell. */
export function chromiumPathOf(variables: { CHROMIUM_PATH?: string }): string {
  return variables.CHROMIUM_PATH ?? HEADLESS_SHELL_PATH;
}
