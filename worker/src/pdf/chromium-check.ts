import { accessSync, constants, statSync } from 'node:fs';

/**
 * Why no PDF can be made with the Chromium at `path`, with what to do about it; null when it is
 * there to run. Checked as the worker starts, so a machine without Chromium is told at once,
 * not at its first quote.
 */
export function chromiumProblem(path: string): string | null {
  try {
    accessSync(path, constants.X_OK);
    if (statSync(path).isFile()) return null;
  } catch {
    // Missing or not executable: said below.
  }
  return `No Chromium to run at ${path}: quote and invoice PDFs cannot be made. Install it (apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH to where it is.`;
}
