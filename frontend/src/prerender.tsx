import { NOT_FOUND_PAGE } from '@towing/contracts';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { type RouteObject, StaticRouter } from 'react-router-dom';
import { AppRoutes, routes } from './app/router';
import { takePrerenderedTitle } from './shared/hooks/useDocumentTitle';

/**
 * The screens whose HTML is made at build time, so a phone on one bar of signal paints them
 * (the SOS form and its call and SMS links first of all) before any script has arrived. Screens
 * built from antd components are left out: antd's styles are made by script.
 */
export const PRERENDERED_PATHS = [
  '/sos',
  '/emergency',
  '/',
  '/services',
  '/about',
  '/service-areas',
  '/pricing',
  '/karratha',
  '/tom-price',
  '/dampier',
  // The not-found page, which the server answers every unknown path with (as a 404).
  NOT_FOUND_PAGE,
];

function page(path: string) {
  return (
    <StrictMode>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>
  );
}

/**
 * The HTML of one screen inside the app's layout, its lazily loaded chunk rendered in place. React
 * would move a large screen out of line, into a hidden segment swapped in by an inline script:
 * invisible without JavaScript and refused by the content security policy. So nothing is.
 */
export async function render(path: string): Promise<{ html: string; title: string | undefined }> {
  takePrerenderedTitle();
  const { prelude } = await prerender(page(path), { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const html = await new Response(prelude).text();
  if (html.includes('<script') || html.includes('<template')) throw new Error(`${path} was not rendered in line`);
  return { html, title: takePrerenderedTitle() };
}

/** The route table's paths as patterns (`/quote/:id`), without the catch-all: every path the app has a screen for. */
export function routePatterns(table: RouteObject[] = routes, parent = ''): string[] {
  return table.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.index ? parent || '/' : `${parent.replace(/\/$/, '')}/${(route.path ?? '').replace(/^\//, '')}`;
    return [...(route.index || !route.children ? [path] : []), ...(route.children ? routePatterns(route.children, path) : [])];
  });
}
