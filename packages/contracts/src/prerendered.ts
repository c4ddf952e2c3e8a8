/**
 * Where the build puts the HTML of a prerendered screen and the server looks for it: / is
 * `prerendered/index.html`, /service-areas is `prerendered/service-areas.html`.
 */
export function prerenderedFile(path: string): string {
  const name = path === '/' ? 'index' : path.replace(/^\/+|\/+$/g, '').replaceAll('/', '__');
  return `prerendered/${name}.html`;
}

/** The not-found page's own path: no route has it, so it renders the catch-all; prerendered like the others. */
export const NOT_FOUND_PAGE = '/404';

/** The build's list of the route table's path patterns (`/quote/:id`), which the server answers unknown paths by. */
export const ROUTE_PATTERNS_FILE = 'route-patterns.json';
