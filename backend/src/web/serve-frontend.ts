import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { dirname, join, relative } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { match } from 'path-to-regexp';
import { NOT_FOUND_PAGE, prerenderedFile, ROUTE_PATTERNS_FILE } from '@towing/contracts';

/** Hashed file names change with their content, so a browser may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (HTML, the service worker, the web manifest, icons) is revalidated by ETag on every use. */
const REVALIDATE = 'no-cache';
const ASSETS = '/assets/';
/** The API and Socket.IO answer these themselves. */
const NOT_FRONTEND = /^\/(api|socket\.io)(\/|$)/;
/** The pages rendered to HTML at build time (frontend/src/prerender.tsx), as paths inside the build. */
function prerenderedFiles(distDir: string): Set<string> {
  const dir = dirname(join(distDir, prerenderedFile('/')));
  if (!existsSync(dir)) return new Set();
  return new Set(readdirSync(dir).filter((file) => file.endsWith('.html')).map((file) => relative(distDir, join(dir, file))));
}

/**
 * Whether a path is one the app has a screen for, by the route table's patterns the build wrote;
 * every path is, in a build without that list.
 */
function knownRoutes(distDir: string): (path: string) => boolean {
  const file = join(distDir, ROUTE_PATTERNS_FILE);
  if (!existsSync(file)) return () => true;
  const matchers = (JSON.parse(readFileSync(file, 'utf8')) as string[]).map((pattern) => match(pattern, { trailing: true }));
  return (path) => matchers.some((matches) => matches(path) !== false);
}

/**
 * The built frontend: files as built, brotli or gzip copies made at build time when the browser
 * takes them (Content-Encoding and Vary set by express-static-gzip), and for every other GET or
 * HEAD that is not the API or Socket.IO, the app's HTML: the route's prerendered page when the
 * build made one, else the app shell; for a path of no route, the not-found page with a 404.
 */
export function serveFrontend(app: NestExpressApplication, distDir: string): void {
  if (!existsSync(distDir)) return;
  const prerendered = prerenderedFiles(distDir);
  const isRoute = knownRoutes(distDir);
  const notFoundPage = prerendered.has(prerenderedFile(NOT_FOUND_PAGE)) ? `/${prerenderedFile(NOT_FOUND_PAGE)}` : '/index.html';
  const serve = (cacheControl: string, validators: boolean): RequestHandler =>
    expressStaticGzip(distDir, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: {
        index: false,
        redirect: false,
        etag: validators,
        lastModified: validators,
        acceptRanges: validators,
        setHeaders: (response: ServerResponse) => response.setHeader('Cache-Control', cacheControl),
      },
    });
  // Hashed files are never revalidated, so their validators would only be bytes on a slow link.
  const assets = serve(IMMUTABLE, false);
  const files = serve(REVALIDATE, true);
  app.use((request: Request, response: Response, next: NextFunction) => {
    const isFrontend = (request.method === 'GET' || request.method === 'HEAD') && !NOT_FRONTEND.test(request.path);
    if (!isFrontend) return next();
    // A chunk of an older deployment is gone: an HTML answer in its place would fail as a script.
    if (request.path.startsWith(ASSETS)) return assets(request, response, next);
    files(request, response, (error?: unknown) => {
      if (error) return next(error);
      if (!isRoute(request.path)) {
        // The page says so to a person, the status to search engines and link checkers.
        response.status(404);
        request.url = notFoundPage;
        return files(request, response, next);
      }
      const page = prerenderedFile(request.path);
      request.url = prerendered.has(page) ? `/${page}` : '/index.html';
      files(request, response, next);
    });
  });
}
