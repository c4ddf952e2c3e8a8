import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expressRoutes } from '../testing/app-routes.js';
import { useApi } from '../testing/use-api.js';

interface Operation {
  operationId?: string;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

const contract = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@towing/contracts/api-schema.json'), 'utf8'),
) as { ApiRoutes: { properties: Record<string, { properties: Record<string, unknown> }> } };

/** Express writes :id, OpenAPI writes {id}. */
const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

describe('the OpenAPI document', () => {
  const api = useApi();
  let document: Document;

  beforeAll(async () => {
    const response = await api.client().get('/api/docs.json');
    expect(response.status).toBe(200);
    document = response.body as Document;
  });

  it('is OpenAPI 3 and Swagger UI serves it', async () => {
    expect(document.openapi).toMatch(/^3\./);
    const ui = await api.client().get('/api/docs');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
  });

  it('documents every route the API mounts with its request and its answer', () => {
    const mounted = expressRoutes(api.app);
    expect(mounted.length).toBeGreaterThan(20);
    const undocumented = mounted.filter((route) => {
      const [method, path] = route.split(' ');
      const operation = document.paths[toOpenApiPath(path!)]?.[method!.toLowerCase()];
      if (!operation || operation.operationId !== route) return true;
      const takesBody = 'body' in (contract.ApiRoutes.properties[route]?.properties ?? {});
      if (takesBody && !operation.requestBody) return true;
      const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
      if (!success) return true;
      return success[0] !== '204' && !success[1].content;
    });
    expect(undocumented).toEqual([]);
  });

  it('lists no route the API does not mount', () => {
    const mounted = new Set(expressRoutes(api.app));
    expect(Object.keys(contract.ApiRoutes.properties).filter((route) => !mounted.has(route))).toEqual([]);
  });

  it('resolves every schema reference', () => {
    const refs = [...JSON.stringify(document).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.filter((name) => !(name in document.components.schemas))).toEqual([]);
  });
});
