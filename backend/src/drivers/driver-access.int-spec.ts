import type { User } from '@towing/contracts';
import type { TestClient } from '@towing/testkit';
import { type Access, admits } from '../common/access.js';
import { ACCESS_EXTENSION } from '../common/openapi.js';
import { type SharedApiStack, useSharedApi } from '../testing/use-shared-api.js';

interface Operation {
  'x-roles'?: string[];
  [ACCESS_EXTENSION]?: Access;
}
type Identity = { name: string; client: () => TestClient; user: Pick<User, 'role' | 'drives'> | null };

const concrete = (path: string) => path.replace(/\{[A-Za-z]+\}/g, '1');
const PASSWORD = 'long-red-road-1';

async function signedIn(api: SharedApiStack, username: string): Promise<TestClient> {
  const client = api.client();
  const login = await client.post('/api/auth/login', { username, password: PASSWORD });
  if (login.status !== 200) throw new Error(`${username}: login ${login.status} ${login.text}`);
  return client;
}

describe('who may call every route of the OpenAPI document', () => {
  const api = useSharedApi();
  const identities: Identity[] = [];
  let operations: Array<{ method: string; path: string; operation: Operation }>;

  beforeAll(async () => {
    const admin = await api.adminClient();
    const person = (username: string, firstName: string) => ({ username, password: PASSWORD, email: `${username}@example.com`, firstName, lastName: 'Test', phone: '0412 345 678' });
    expect((await admin.post('/api/drivers', person('sam.driver', 'Sam'))).status).toBe(201);
    expect((await api.client().post('/api/auth/register', person('pat.customer', 'Pat'))).status).toBe(201);
    // An owner: an admin whose account says it drives, as `npm start` seeds them in development.
    expect((await api.client().post('/api/auth/register', person('dean.owner', 'Dean'))).status).toBe(201);
    await api.dataSource.query(`UPDATE users SET role = 'admin', drives = true WHERE username = 'dean.owner'`);
    const [driver, customer, owner] = await Promise.all(['sam.driver', 'pat.customer', 'dean.owner'].map((username) => signedIn(api, username)));
    identities.push(
      { name: 'anonymous', client: () => api.client(), user: null },
      { name: 'customer', client: () => customer, user: { role: 'customer', drives: false } },
      { name: 'driver', client: () => driver, user: { role: 'driver', drives: true } },
      { name: 'admin who does not drive', client: () => admin, user: { role: 'admin', drives: false } },
      { name: 'admin who drives', client: () => owner, user: { role: 'admin', drives: true } },
    );
    const document = (await api.client().get('/api/docs.json')).body as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
  });

  it('names the access level and roles of every operation', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.filter(({ operation }) => !operation[ACCESS_EXTENSION] || !operation['x-roles']).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    const driverRoutes = operations.filter(({ operation }) => operation[ACCESS_EXTENSION] === 'driver').map(({ method, path }) => `${method} ${path}`);
    expect(driverRoutes.sort()).toEqual(['GET /api/driver/board', 'POST /api/driver/jobs/{id}/taps']);
  });

  it('lets each identity through exactly the routes whose access admits it, and answers 401 or 403 to the rest', async () => {
    const failures: string[] = [];
    // Signing out would end the session the next routes need; it is public anyway.
    const guarded = operations.filter(({ operation }) => operation[ACCESS_EXTENSION] !== 'public');
    for (const identity of identities) {
      for (const { method, path, operation } of guarded) {
        const access = operation[ACCESS_EXTENSION]!;
        const body = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined;
        const { status } = await identity.client().request(method, concrete(path), body);
        const expected = identity.user === null ? 401 : access === 'signed-in' || admits(access, identity.user) ? 'through' : 403;
        const got = status === 401 || status === 403 ? status : 'through';
        if (got !== expected) failures.push(`${method} ${path} (${access}) as ${identity.name}: ${status}, expected ${expected}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('keeps money, fleet costs and settings from drivers', async () => {
    const driver = identities.find((identity) => identity.name === 'driver')!.client();
    for (const path of ['/api/quotes', '/api/fleet-expenses', '/api/fuel-records', '/api/accounting/invoices.csv', '/api/notifications', '/api/jobs', '/api/drivers']) {
      expect([path, (await driver.get(path)).status]).toEqual([path, 403]);
    }
    expect((await driver.request('PUT', '/api/dispatch/drivers', { available: 1 })).status).toBe(403);
  });

  it('ends a disabled driver\'s sessions at once', async () => {
    const admin = await api.adminClient();
    const account = (await admin.post('/api/drivers', { username: 'kim.driver', password: PASSWORD, email: 'kim@example.com', firstName: 'Kim', lastName: 'Test', phone: '0412 345 679' })).body as { id: number };
    const kim = await signedIn(api, 'kim.driver');
    expect((await kim.get('/api/driver/board')).status).toBe(200);
    expect((await admin.request('PATCH', `/api/drivers/${account.id}`, { active: false })).body).toMatchObject({ active: false });
    expect((await kim.get('/api/driver/board')).status).toBe(401);
    expect((await api.client().post('/api/auth/login', { username: 'kim.driver', password: PASSWORD })).status).not.toBe(200);
  });

  it('refuses a driver account whose first name is already how someone is assigned', async () => {
    const admin = await api.adminClient();
    const answer = await admin.post('/api/drivers', { username: 'other.sam', password: PASSWORD, email: 'o@example.com', firstName: 'sam', lastName: 'Two', phone: '0412 345 670' });
    expect(answer.status).toBe(409);
    expect(answer.body.errors).toEqual([{ field: 'firstName', message: 'Another driver already goes by this first name' }]);
    expect((await admin.post('/api/drivers', { username: 'both.x', password: PASSWORD, email: 'b@example.com', firstName: 'Both', lastName: 'X', phone: '0412 345 671' })).status).toBe(409);
  });
});
