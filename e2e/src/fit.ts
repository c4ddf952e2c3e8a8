import type { Page } from 'playwright-core';
import { phoneOfWidth } from './browser.js';

/** The narrowest phones the pages must fit: a small Android and a current iPhone. */
export const PHONE_WIDTHS = [360, 390] as const;

/**
 * How much wider than the window the page is, and the popup, if one is open. The window is the
 * layout viewport: a phone zooms out to show a page wider than it, and then its innerWidth is
 * the page's width, which would hide the overflow.
 */
export function overflow(page: Page): Promise<{ page: number; popup: number }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const popup = document.querySelector('[role="dialog"]')?.getBoundingClientRect();
    return { page: document.documentElement.scrollWidth - width, popup: popup ? Math.max(0, popup.right - width, -popup.left) : 0 };
  });
}

/**
 * Gives the page `width` and waits two frames: the resize event has been handled and what it
 * changed (the responsive grid, the popup's position) has been rendered.
 */
export async function resizedTo(page: Page, width: number): Promise<void> {
  await page.setViewportSize(phoneOfWidth(width).viewport);
  const laidOutAt = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(document.documentElement.clientWidth)))));
  expect(laidOutAt).toBe(width);
}
