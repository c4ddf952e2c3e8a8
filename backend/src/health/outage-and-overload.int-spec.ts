import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { ENTRIES, eventually, PostgresProcess, runToCompletion, TEST_ADMIN, type TestClient } from '@towing/testkit';
import { testEnvironment } from '../testing/test-environment.js';
import { type ApiStack, startApi, useApi } from '../testing/use-api.js';

/** PostgreSQL goes away under a running API and comes back: every route answers 503 + Retry-After meanwhile, and all recovers by itself. */
describe('while PostgreSQL is down', () => {
  let postgres: PostgresProcess;
  let api: ApiStack;
  let admin: TestClient;

  beforeAll(async () => {
    postgres = await PostgresProcess.start();
    const databaseUrl = `${postgres.url}/towing`;
    await runToCompletion('prepare', ENTRIES.prepare, {
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      REDIS_URL: 'redis://127.0.0.1:6379',
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
    });
    api = await startApi(testEnvironment(databaseUrl));
    admin = await api.adminClient();
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await postgres?.remove();
  });

  const sos = () => api.client().post('/api/sos', { phone: '0412 345 678' }, { 'Idempotency-Key': randomUUID() });

  it('answers every route 503 with Retry-After at once, and recovers unattended when it is back', async () => {
    expect((await sos()).status).toBe(201);
    await postgres.stop();

    const calls: Array<[string, () => Promise<{ status: number; headers: Headers; body: unknown }>]> = [
      ['POST /api/sos', sos],
      ['GET /api/stats/live', () => api.client().get('/api/stats/live')],
      ['GET /api/jobs (admin)', () => admin.get('/api/jobs')],
      ['POST /api/auth/login', () => api.client().post('/api/auth/login', TEST_ADMIN)],
      ['GET /api/announcements?active=true', () => api.client().get('/api/announcements?active=true')],
      ['POST /api/contact', () => api.client().post('/api/contact', { firstName: 'A', lastName: 'B', phone: '0412 345 678', email: 'a@example.com', serviceNeeded: 'Other', message: 'Hello there, anyone home?' })],
    ];
    // Each is answered while PostgreSQL is still down: a route that waited for it would not answer before the test's timeout.
    for (const [name, call] of calls) {
      const response = await call();
      expect({ name, status: response.status }).toEqual({ name, status: 503 });
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(response.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable', errors: [] });
    }
    expect((await api.client().get('/api/health')).body).toMatchObject({ status: 'degraded', db: 'down' });
    // What a proxy or container check asks: the instance still serves, so it stays in rotation.
    const live = await api.client().get('/api/health/live');
    expect({ status: live.status, body: live.body }).toEqual({ status: 200, body: { status: 'ok' } });

    await postgres.start();
    await eventually(async () => (await sos()).status === 201, 30_000, 250);
    await eventually(async () => (await admin.get('/api/jobs')).status === 200, 10_000, 250);
    expect((await api.client().get('/api/health')).status).toBe(200);
  }, 90_000);
});

describe('when one instance answers slower than it should', () => {
  const METRICS_TOKEN = 'overload-metrics-token-0123456789';
  // Every answer is slower than 1 ms: once nine are measured, the process counts as overloaded,
  // and the limit falls under what is asked at once.
  const api = useApi({ API_SHED_REQUEST_MS: '1', METRICS_TOKEN: METRICS_TOKEN });

  it('answers 503 with Retry-After at once instead of queueing, admits again once idle, and never sheds the health check', async () => {
    let busy: Awaited<ReturnType<TestClient['get']>> | undefined;
    await eventually(async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => api.client().get('/api/stats/live')));
      busy = answers.find((answer) => answer.status === 503);
      return busy !== undefined;
    }, 10_000, 10);
    expect(Number(busy!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(busy!.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable', errors: [] });
    // Refusals are counted apart from the answers' timings, which they would swamp.
    const metrics = await (await fetch(`${api.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(Number(/^http_requests_shed_total (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThan(0);
    expect(metrics).not.toContain('status_code="503"');
    // A window with nothing answered reads as no queue: the next reading admits again.
    await eventually(async () => (await api.client().get('/api/stats/live')).status === 200, 10_000, 50);
    const health = await Promise.all(Array.from({ length: 5 }, () => api.client().get('/api/health')));
    expect(health.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it('weighs a request whose target names the whole URL as the router serves it: by its path', async () => {
    const { hostname, port, host } = new URL(api.baseUrl);
    const absolute = () =>
      new Promise<number>((resolve, reject) => {
        request({ hostname, port, path: `http://${host}/api/stats/live`, headers: { host } }, (answer) => {
          answer.resume();
          resolve(answer.statusCode ?? 0);
        }).on('error', reject).end();
      });
    expect(await absolute()).toBe(200);
    await eventually(async () => (await Promise.all(Array.from({ length: 20 }, absolute))).includes(503), 10_000, 10);
  });

  it('stores the SOS form posted without script while it sheds everything else: that phone has nothing to retry with', async () => {
    const form = () =>
      fetch(`${api.baseUrl}/api/sos/form`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ phone: '0412 345 678' }) });
    const posted = await eventually(async () => {
      // Posted last, side by side with calls of which all but a few are shed.
      const [answers, stored] = await Promise.all([Promise.all(Array.from({ length: 20 }, () => api.client().get('/api/stats/live'))), form()]);
      return answers.some((answer) => answer.status === 503) && stored;
    }, 10_000, 10);
    expect(posted.status).toBe(201);
    expect(await posted.text()).toContain('Help is on the way!');
  });
});

describe('behind the proxy', () => {
  const api = useApi();

  it('keeps an idle connection open longer than the proxy keeps its own, so a request reusing it is never cut off', async () => {
    // Caddy reuses an upstream connection for up to 2 minutes; a client reads the header's hint.
    const answer = await api.client().get('/api/health');
    expect(answer.headers.get('keep-alive')).toBe('timeout=125');
  });
});
