import { readdirSync, readFileSync } from 'node:fs';
import { type Browser, type BrowserContextOptions, chromium, type Locator, type Page } from 'playwright-core';
import { type BrowserBuild, CHROMIUM_ARGS, CHROMIUM_EXECUTABLES, processGroups, TEST_ADMIN } from '@towing/testkit';

/** This process's children (pids) whose command is Chromium. */
function chromiumChildren(): Set<number> {
  const children = new Set<number>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // "pid (comm) state ppid ...": the command name is in parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [comm, rest] = [stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), stat.slice(stat.lastIndexOf(')') + 2).split(' ')];
      // Either browser: chromium, or chromium-headless-shell as the kernel shortens it.
      if (comm.startsWith('chromium') && Number(rest[1]) === process.pid) children.add(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}

/**
 * A system Chromium. Playwright starts it leading a process group of its own; the group is listed
 * with the test file's processes, so the browser ends with its file even when the file could not
 * close it (it also exits when the test process goes, as its DevTools pipe closes).
 */
export async function launchBrowser(build: BrowserBuild = 'shell'): Promise<Browser> {
  const before = chromiumChildren();
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLES[build], args: CHROMIUM_ARGS });
  for (const pid of chromiumChildren()) {
    if (before.has(pid)) continue;
    processGroups().add({ pgid: pid, name: 'chromium' });
    browser.on('disconnected', () => processGroups().remove(pid));
  }
  return browser;
}

/**
 * Every test's phone and PC asks for reduced motion, as a user may (app/styles.css honours it):
 * nothing on a page then animates for ever while a test waits on it. In headless Chromium's
 * software rendering a public page's endless animations cost about 40 ms of CPU a second.
 */
export const STILL: BrowserContextOptions = { reducedMotion: 'reduce' };

/**
 * Waits for the toast saying `title` to be in place. On a phone a toast covers the top of the
 * form; while it still slides in, a click aimed at what it comes to cover (Playwright checks what
 * is under the pointer just before clicking) can land on the toast instead.
 */
export async function toastShown(page: Page, title: string): Promise<void> {
  const toast = page.locator('.toast', { hasText: title });
  await toast.waitFor({ state: 'visible' });
  await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
}

/** The office PC a dispatcher keeps the board open on. */
export const OFFICE_PC: BrowserContextOptions = { viewport: { width: 1280, height: 900 }, locale: 'en-AU', timezoneId: 'Australia/Perth' };

/** Opens the board and signs in through its prompt as the test admin. */
export async function signInToBoard(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin`);
  await page.getByText('Staff sign-in is needed to open the dispatch board.').waitFor();
  await page.getByLabel('Username').fill(TEST_ADMIN.username);
  await page.getByLabel('Password').fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Picks an option of the antd select labelled `label` (inside `scope`, the page by default) and
 * waits until the box shows it. On a busy machine a click can land while the dropdown is still
 * opening or closing and be lost: the choice is made again until the box shows it.
 */
export async function chooseOption(page: Page, label: string, option: string, scope: Page | Locator = page): Promise<void> {
  const box = scope.getByLabel(label, { exact: true });
  const chosen = scope.locator('.ant-select').filter({ has: page.getByLabel(label, { exact: true }) }).getByText(option, { exact: true });
  for (let attempt = 1; ; attempt += 1) {
    await box.click();
    const item = page.locator(`.ant-select-item-option[title="${option}"]:visible`);
    await item.waitFor();
    await item.click();
    const shown = await chosen.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (shown) return;
    if (attempt === 3) throw new Error(`The ${label} box never showed ${option}`);
    await page.keyboard.press('Escape');
  }
}

/** The phone of the Pilbara below, `width` CSS pixels wide with a tall screen (844 px): the widths the layout and axe checks use. */
export function phoneOfWidth(width: number): BrowserContextOptions & { viewport: { width: number; height: number } } {
  return { ...PHONE_IN_THE_PILBARA, viewport: { width, height: 844 } };
}

/** A small phone in the Pilbara: where a stranded driver opens the SOS page. */
export const PHONE_IN_THE_PILBARA: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  geolocation: { latitude: -20.736812, longitude: 116.846254 },
  permissions: ['geolocation'],
  locale: 'en-AU',
  timezoneId: 'Australia/Perth',
};
