import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Manifest, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { BUSINESS } from '../contracts/src/business.js';

const api = 'http://127.0.0.1:3000';
const THEME_COLOR = '#b91c1c';
const OUT_DIR = fileURLToPath(new URL('./dist', import.meta.url));

/** The entries whose code the service worker precaches: the shell and the SOS screen. */
const OFFLINE_ENTRIES = ['index.html', 'src/features/sos/SosPage.tsx'];

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

/** Fills the business's name into index.html, so it has one source: contracts' BUSINESS. */
function htmlConstants(): Plugin {
  return {
    name: 'html-constants',
    transformIndexHtml: (html) => html.replaceAll('%APP_NAME%', BUSINESS.shortName).replaceAll('%THEME_COLOR%', THEME_COLOR),
  };
}

export default defineConfig({
  plugins: [
    react(),
    htmlConstants(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: 'script-defer',
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
        shortcuts: [{ name: 'STUCK NOW', short_name: 'SOS', url: '/sos', icons: [{ src: '/icon-192.png', sizes: '192x192' }] }],
      },
      injectManifest: {
        // The plugin adds the manifest and its icons itself.
        globPatterns: ['**/*.{js,css,html}'],
        manifestTransforms: [
          (entries) => {
            const keep = offlineFiles();
            return { manifest: entries.filter((entry) => entry.url === 'index.html' || keep.has(entry.url)), warnings: [] };
          },
        ],
      },
    }),
  ],
  resolve: {
    alias: {
      // The package's own exports point at its tsc build, which the browser bundle does not need.
      '@towing/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)),
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
    // Read by offlineFiles() to choose what the service worker precaches.
    manifest: true,
  },
});
