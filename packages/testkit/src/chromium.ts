import { chromiumPathOf } from '@towing/platform/chromium-path';

/** Flags for a headless Chromium in a container: no sandbox, no GPU, nothing phoning home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Which of Debian's two Chromium builds runs:
 * - `shell`, chromium-headless-shell: the same Blink and V8 without the browser around them,
 *   as Playwright itself runs headless by default, and the one the worker renders PDFs with.
 *   It costs a quarter to a third less CPU.
 * - `full`, chromium: for what only the whole browser has (its notifications, its PDF viewer),
 *   and for the benches, which measure the browser a user has.
 */
export type BrowserBuild = 'shell' | 'full';

/** Where each build is: CHROMIUM_PATH as the worker reads it, CHROME_PATH as Lighthouse does. */
export const CHROMIUM_EXECUTABLES: Record<BrowserBuild, string> = {
  shell: chromiumPathOf(process.env),
  full: process.env.CHROME_PATH ?? '/usr/bin/chromium',
};
