import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Manifest, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { prerender } from './build/prerender-plugin.ts';
import { SOS_PAGES } from './src/features/sos/sos-pages.ts';
import { BUSINESS } from '../packages/contracts/src/business.js';
import { prerenderedFile } from '../packages/contracts/src/prerendered.js';

const api = 'http://127.0.0.1:3000';
const THEME_COLOR = '#b91c1c';
const OUT_DIR = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * The SOS page's one script: /sos and /emergency are their prerendered HTML and this, never the
 * app (React, the router, the shell's code), which loads when the driver leaves for another page.
 */
const SOS_ENTRY = 'src/features/sos/sos-main.ts';

/**
 * The entries whose code the service worker precaches: the shell, and /driver, which an owner opens
 * from the home screen on a track with no signal (about 19 kB more). The SOS pages bring their own list.
 */
const OFFLINE_ENTRIES = ['index.html', 'src/features/driver/DriverPage.tsx'];

/**
 * Reads Vite's build manifest and follows static imports from OFFLINE_ENTRIES: precaching every
 * chunk would make a phone on one bar of signal download every screen on its first visit.
 */
function offlineFiles(): Set<string> {
  const manifest = JSON.parse(readFileSync(`${OUT_DIR}/.vite/manifest.json`, 'utf8')) as Manifest;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const entry of OFFLINE_ENTRIES) {
    if (!manifest[entry]) throw new Error(`${entry} is not in the build; update OFFLINE_ENTRIES in vite.config.ts`);
    visit(entry);
  }
  return files;
}

/**
 * The SOS pages as the server sends them and every script they name (their loader, their own
 * entry and its preloads, build/prerender-plugin.ts): offline, /sos opens and works as it does online (sw.ts).
 */
function sosPageFiles(): string[] {
  return SOS_PAGES.flatMap((path) => {
    const page = prerenderedFile(path);
    const html = readFileSync(`${OUT_DIR}/${page}`, 'utf8');
    const named = [...html.matchAll(/(?:src|data-app|data-preload)="([^"]+)"/g)].flatMap((match) => match[1]!.split(' '));
    return [page, ...named.filter((url) => url.startsWith('/')).map((url) => url.slice(1))];
  });
}

/** An SVG as a data URI that stays close to its source (and so compresses well): only what a URI or the attribute cannot hold is escaped. */
function svgDataUri(svg: string): string {
  const escaped = svg.replaceAll('"', "'").replace(/[%#<>]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `data:image/svg+xml,${escaped}`;
}

/**
 * Fills the business's name into index.html, so it has one source: contracts' BUSINESS; and the
 * icon as a data URI, so a first visit on one bar of signal spends no request on the tab's icon.
 */
function htmlConstants(): Plugin {
  const icon = readFileSync(fileURLToPath(new URL('./public/icon.svg', import.meta.url)), 'utf8').replace(/\s*\n\s*/g, '');
  return {
    name: 'html-constants',
    transformIndexHtml: (html) =>
      html
        .replaceAll('%APP_NAME%', BUSINESS.shortName)
        .replaceAll('%THEME_COLOR%', THEME_COLOR)
        .replaceAll('%ICON_DATA_URI%', svgDataUri(icon)),
  };
}

export default defineConfig({
  plugins: [
    react(),
    htmlConstants(),
    prerender({ standalone: Object.fromEntries(SOS_PAGES.map((path) => [path, SOS_ENTRY])) }),
    // Brotli and gzip copies of every text file, made once here instead of on every request;
    // the server sends the one the browser takes (backend/src/web/serve-frontend.ts).
    // Only copies smaller than the file are written, so the smallest files are simply sent as they are.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 0 }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // main.tsx registers the service worker itself: one request fewer than the plugin's registerSW.js.
      injectRegister: null,
      registerType: 'autoUpdate',
      manifest: {
        name: BUSINESS.name,
        short_name: BUSINESS.shortName,
        description: `24/7 4x4 recovery, towing and mobile mechanical repairs in ${BUSINESS.base} and the Pilbara.`,
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#1c1917',
        theme_color: THEME_COLOR,
        lang: BUSINESS.locale,
        categories: ['auto', 'utilities'],
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
        shortcuts: [
          { name: 'STUCK NOW', short_name: 'SOS', url: '/sos', icons: [{ src: '/icon-192.png', sizes: '192x192' }] },
          // The owners' own way in: /driver straight from the home screen icon's menu.
          { name: 'Driver', short_name: 'Driver', url: '/driver', icons: [{ src: '/icon-192.png', sizes: '192x192' }] },
        ],
      },
      injectManifest: {
        // The plugin adds the manifest and its icons itself.
        globPatterns: ['**/*.{js,css,html}'],
        manifestTransforms: [
          (entries) => {
            const keep = new Set([...offlineFiles(), ...sosPageFiles()]);
            return { manifest: entries.filter((entry) => entry.url === 'index.html' || keep.has(entry.url)), warnings: [] };
          },
        ],
      },
    }),
  ],
  resolve: {
    alias: {
      // The package's own exports point at its tsc build, which the browser bundle does not need.
      '@towing/contracts': fileURLToPath(new URL('../packages/contracts/src/index.ts', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/api': { target: api },
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    // Stylesheets written for the phones drivers actually carry, some years old: media queries as
    // `(max-width: …)`, which Safari before 16.4 understands, never the newer `(width <= …)` form.
    cssTarget: ['chrome87', 'edge88', 'firefox78', 'safari14'],
    // Read by offlineFiles() to choose what the service worker precaches.
    manifest: true,
    rolldownOptions: {
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), sos: fileURLToPath(new URL(SOS_ENTRY, import.meta.url)) },
      preserveEntrySignatures: false,
      output: {
        // Each request on one bar of signal costs a round trip and its headers: common chunks
        // under 4 kB of source are copied into the chunks that use them instead.
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 8192 },
          // What every page of the app needs first in one file: React (JSX runtime, DOM renderer,
          // scheduler); and in another, the bundler's own runtime and Vite's preload helper, which
          // the SOS page's script needs too (and must not download React for). Each was a request of its own.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'runtime', test: /preload-helper|rolldown[:\\/]runtime/ },
            // And the query library, whole: which screens use which of its hooks decided how it was
            // cut into common chunks, and one more lazy import on the board made it a request more
            // on every public page.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
});
