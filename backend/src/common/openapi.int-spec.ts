import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname as dirnameOf, join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '@towing/testkit';
import { expressRoutes } from '../testing/app-routes.js';
import { useApi } from '../testing/use-api.js';

interface Operation {
  operationId?: string;
  'x-route'?: string;
  'x-roles'?: string[];
  summary?: string;
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
type Document = { openapi: string; servers?: Array<{ url: string }>; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

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
      if (!operation || operation['x-route'] !== route) return true;
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

  describe('for tools', () => {
    const run = promisify(execFile);
    const require = createRequire(import.meta.url);
    const operations = () => Object.values(document.paths).flatMap((item) => Object.values(item));
    let directory: string;
    let file: string;

    beforeAll(() => {
      directory = mkdtempSync(join(tmpdir(), 'openapi-'));
      file = join(directory, 'docs.json');
      writeFileSync(file, JSON.stringify(document));
    });
    afterAll(() => rmSync(directory, { recursive: true, force: true }));

    it('names each operation URL-safely, summarises it and names a server', () => {
      const ids = operations().map((operation) => operation.operationId ?? '');
      expect(ids.filter((id) => !/^[A-Za-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
      expect(new Set(ids).size).toBe(ids.length);
      expect(operations().filter((operation) => !operation.summary)).toEqual([]);
      expect(document.servers).toEqual([{ url: expect.stringMatching(/^https?:\/\/[^/]+$/) }]);
    });

    it('says which operations need the session and which roles they admit, as the guard enforces', async () => {
      const byRoute = new Map(operations().map((operation) => [operation['x-route'], operation]));
      expect(byRoute.get('GET /api/health/live')).toMatchObject({ security: [], 'x-roles': ['admin', 'driver', 'customer'] });
      expect(byRoute.get('POST /api/me/jobs/claim')).toMatchObject({ security: [{ session: [] }], 'x-roles': ['admin', 'driver', 'customer'] });
      expect(byRoute.get('GET /api/emails')).toMatchObject({ security: [{ session: [] }], 'x-roles': ['admin'] });
      expect(operations().filter((operation) => !operation.security || !operation['x-roles'])).toEqual([]);
      // Every operation the document calls admin-only refuses a request without a session.
      const adminOnly = operations().filter((operation) => operation['x-roles']?.join() === 'admin' && operation['x-route']!.startsWith('GET '));
      expect(adminOnly.length).toBeGreaterThan(5);
      for (const operation of adminOnly) {
        const path = operation['x-route']!.slice('GET '.length).replace(/:[A-Za-z]+/g, '1');
        expect([operation['x-route'], (await api.client().get(path)).status]).toEqual([operation['x-route'], 401]);
      }
    });

    it("passes Redocly's recommended lint with no errors, offline", async () => {
      const cli = require.resolve('@redocly/cli/bin/cli.js');
      const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
      const result = await run(process.execPath, [cli, 'lint', file, '--extends=recommended', '--format=json'], { env, cwd: directory }).catch(
        (error: { stdout: string; stderr: string }) => error,
      );
      const report = JSON.parse(result.stdout) as { totals: { errors: number }; problems: Array<{ ruleId: string; severity: string; message: string }> };
      expect(report.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
      expect(report.totals.errors).toBe(0);
    });

    it('generates TypeScript types a typed call compiles against, and a wrong call does not', async () => {
      const generate = join(dirnameOf(require.resolve('openapi-typescript/package.json')), 'bin/cli.js');
      await run(process.execPath, [generate, file, '--output', join(directory, 'api.d.ts')]);
      const call = (body: string) => `import type { paths } from './api';
type Live = paths['/api/health/live']['get']['responses']['200']['content']['application/json'];
type Login = NonNullable<paths['/api/auth/login']['post']['requestBody']>['content']['application/json'];
export async function call(fetcher: typeof fetch): Promise<string> {
  const login: Login = ${body};
  await fetcher('/api/auth/login', { method: 'POST', body: JSON.stringify(login) });
  const live = (await (await fetcher('/api/health/live')).json()) as Live;
  return live.status;
}
`;
      const tsc = join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
      const compile = (source: string) => {
        writeFileSync(join(directory, 'call.ts'), source);
        return run(process.execPath, [tsc, '--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'nodenext', '--lib', 'es2022,dom', 'call.ts'], { cwd: directory });
      };
      await compile(call(`{ username: 'admin', password: 'secret' }`));
      await expect(compile(call(`{ username: 'admin', pin: 1234 }`))).rejects.toMatchObject({ stdout: expect.stringContaining('pin') });
    });
  });
});
