import { type Browser, type BrowserContextOptions, chromium } from 'playwright-core';

/** Flags for a headless Chromium in a container: no sandbox, no GPU, nothing phoning home. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The system Chromium, the same one the worker renders PDFs with. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
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
