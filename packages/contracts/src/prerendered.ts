/**
 * Where the build puts the HTML of a prerendered screen and the server looks for it: / is
 * `prerendered/index.html`, /service-areas is `prerendered/service-areas.html`.
 */
export function prerenderedFile(path: string): string {
  const name = path === '/' ? 'index' : path.replace(/^\/+|\/+$/g, '').replaceAll('/', '__');
  return `prerendered/${name}.html`;
}
