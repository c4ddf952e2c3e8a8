import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { ROUTE_PATTERNS_FILE } from '@towing/contracts';
import { REPO_ROOT } from '@towing/testkit';
import { readsSettled } from './reads-settled.js';

/** A value for each parameter a route pattern has. */
const PARAMETERS: Record<string, string> = { id: 'Q-2025-0001' };

/** Every path of the app's route table as the build wrote it from frontend/src/app/router.tsx, and one that is none. */
export function everyRoute(): string[] {
  const patterns = JSON.parse(readFileSync(`${REPO_ROOT}frontend/dist/${ROUTE_PATTERNS_FILE}`, 'utf8')) as string[];
  const paths = patterns.map((pattern) => pattern.replace(/:(\w+)/g, (_whole, name: string) => PARAMETERS[name] ?? name));
  return [...paths, '/no/such/page'];
}

/** Once the screen has drawn its heading (or the SOS banner) and its reads have settled. */
export async function drawn(page: Page): Promise<void> {
  await page.locator('main :is(h1, h2, h3, h4, .ant-card-head-title, .sos-banner)').first().waitFor({ state: 'visible' });
  await readsSettled(page);
}
