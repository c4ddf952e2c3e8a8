import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Beasties from 'beasties';
import { createServer, type Plugin, type Rollup } from 'vite';
import { prerenderedFile, ROUTE_PATTERNS_FILE } from '../../packages/contracts/src/prerendered.js';

type OutputAsset = Rollup.OutputAsset;
type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

const FRONTEND_ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROOT_ELEMENT = '<div id="root"></div>';
/** start-after-paint.js as the page gets it: its comments are for us, not for a phone on one bar of signal. */
const START_AFTER_PAINT = readFileSync(fileURLToPath(new URL('./start-after-paint.js', import.meta.url)), 'utf8')
  .replace(/^\s*\/\/.*\n/gm, '')
  .replace(/\n\s*/g, '\n');
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
/** Marks the stylesheets added only so Beasties can pick each page's rules from them; they are taken out again. */
const FOR_BEASTIES = 'data-critical-source';

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** What a prerendered page runs: a build entry and the chunks to preload with it. */
interface PageScript {
  entry: string;
  preloads: string[];
}

/** The app, as index.html names it: its entry script and module preloads. */
function appScript(page: string): PageScript {
  const entry = ENTRY_SCRIPT.exec(page)?.[1];
  if (!entry) throw new Error('prerender: index.html has no entry script');
  return { entry, preloads: [...page.matchAll(MODULE_PRELOAD)].map((match) => match[1]!) };
}

/**
 * A page that runs an entry of its own instead of the app: that entry, the chunks it imports and
 * the ones it loads later, all preloaded (fetched, not run), so they are there when the signal is not.
 */
function ownScript(chunk: OutputChunk, bundle: OutputBundle): PageScript {
  const files = new Set<string>();
  const visit = (file: string) => {
    const imported = bundle[file];
    if (files.has(file) || imported?.type !== 'chunk') return;
    files.add(file);
    [...imported.imports, ...imported.dynamicImports].forEach(visit);
  };
  [...chunk.imports, ...chunk.dynamicImports].forEach(visit);
  return { entry: `/${chunk.fileName}`, preloads: [...files].map((file) => `/${file}`) };
}

/**
 * A prerendered page starts its script through start-after-paint.js: the entry script and its
 * preloads become that script's data, fetched once the page has painted.
 */
function startAfterPaint(page: string, loader: string, { entry, preloads }: PageScript): string {
  return page
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY_SCRIPT, `<script type="module" crossorigin src="/${loader}" data-app="${entry}" data-preload="${preloads.join(' ')}"></script>`);
}

function assetText(asset: OutputAsset): string {
  return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
}

/** Beasties reads stylesheets from the bundle being written, not from disk. */
class BundleBeasties extends Beasties {
  constructor(private readonly stylesheets: Map<string, string>) {
    super({ path: '/', publicPath: '/', preload: 'body', pruneSource: false, reduceInlineStyles: false, logLevel: 'warn' });
  }

  override readFile(filename: string): string {
    const text = this.stylesheets.get(filename.replace(/^\/+/, ''));
    if (text === undefined) throw new Error(`${filename} is not a stylesheet of this build`);
    return text;
  }
}

/**
 * Writes the route table's path patterns, and renders the screens of src/prerender.tsx into the built index.html with react-dom/server and
 * inlines the CSS rules each page's markup uses, so the page paints before its stylesheets and
 * scripts arrive. Emitted into the bundle, the pages are compressed with the other assets.
 * @param standalone pages (by path) that run a build entry of their own (its source path) instead of the app
 */
export function prerender({ standalone = {} }: { standalone?: Record<string, string> } = {}): Plugin {
  return {
    name: 'prerender',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle: OutputBundle) {
      const template = bundle['index.html'];
      if (template?.type !== 'asset') throw new Error('prerender: the build has no index.html');
      const stylesheets = new Map(
        Object.values(bundle)
          .filter((file): file is OutputAsset => file.type === 'asset' && file.fileName.endsWith('.css'))
          .map((file) => [file.fileName, assetText(file)]),
      );
      // The shell's own stylesheet is small and every page needs all of it: inline whole, it leaves
      // the page nothing render-blocking to fetch. Beasties picks the page's rules from the rest.
      let shell = assetText(template).replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
        const css = stylesheets.get(file);
        if (css === undefined) return link;
        stylesheets.delete(file);
        return `<style>${css}</style>`;
      });
      const links = [...stylesheets.keys()].map((file) => `<link rel="stylesheet" href="/${file}" ${FOR_BEASTIES}>`).join('');
      shell = shell.replace('</head>', `${links}</head>`);
      const beasties = new BundleBeasties(stylesheets);
      const loader = this.getFileName(this.emitFile({ type: 'asset', name: 'start-after-paint.js', source: START_AFTER_PAINT }));
      const entryChunk = (source: string): OutputChunk => {
        const id = fileURLToPath(new URL(`../${source}`, import.meta.url));
        const chunk = Object.values(bundle).find((file): file is OutputChunk => file.type === 'chunk' && file.isEntry && file.facadeModuleId === id);
        if (!chunk) throw new Error(`prerender: ${source} is not an entry of this build (build.rolldownOptions.input)`);
        return chunk;
      };

      const server = await createServer({ root: FRONTEND_ROOT, server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'error' });
      try {
        const { render, PRERENDERED_PATHS, routePatterns } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
          render(path: string): Promise<{ html: string; title: string | undefined }>;
          PRERENDERED_PATHS: string[];
          routePatterns(): string[];
        };
        // The server answers a path outside these with the not-found page and a 404 (backend/src/web/serve-frontend.ts).
        this.emitFile({ type: 'asset', fileName: ROUTE_PATTERNS_FILE, source: JSON.stringify(routePatterns()) });
        for (const path of PRERENDERED_PATHS) {
          const { html: markup, title } = await render(path);
          if (!shell.includes(ROOT_ELEMENT)) throw new Error(`prerender: index.html has no ${ROOT_ELEMENT}`);
          if (!title) throw new Error(`prerender: ${path} sets no title (useDocumentTitle)`);
          const page = shell.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`).replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`);
          const critical = (await beasties.process(page)).replace(new RegExp(`<link[^>]*${FOR_BEASTIES}[^>]*>`, 'g'), '');
          const entry = standalone[path];
          this.emitFile({
            type: 'asset',
            fileName: prerenderedFile(path),
            source: startAfterPaint(critical, loader, entry ? ownScript(entryChunk(entry), bundle) : appScript(shell)),
          });
        }
      } finally {
        await server.close();
      }
    },
  };
}
