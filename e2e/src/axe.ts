import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.1 at levels A and AA. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Each serious or critical violation axe finds on the page as it stands: rule, impact, and the
 * elements it names. axe runs in the page and its same-origin frames (legacy mode): the default
 * evaluates axe's half a megabyte three times, the last in a blank tab it opens to merge each
 * frame's results, so that it can also check cross-origin frames, which the pages checked here
 * do not have (Stripe's card field is one, on a real checkout only). The same findings in about
 * 60% of the time.
 */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).options({ resultTypes: ['violations'] }).setLegacyMode().analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${where}: ${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}
