import { randomUUID } from 'node:crypto';
import { TEST_ADMIN } from '@towing/testkit';
import { useApi } from '../testing/use-api.js';
import { CROSS_SITE_MESSAGE } from './cross-site-writes.js';

const APP_ORIGIN = 'http://towing.test';
const OTHER_PORT = 'http://towing.test:8080';

describe('security headers', () => {
  const api = useApi();

  it('sends a CSP without inline scripts, frame-ancestors none, nosniff and a referrer policy on every answer', async () => {
    for (const path of ['/api/health', '/api/no-such-route', '/api/docs']) {
      const response = await api.client().get(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      if (path === '/api/docs') {
        expect(csp).toMatch(/script-src 'self'[^;]*;/);
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(csp).toContain("script-src-attr 'none'");
        expect(csp).toContain("object-src 'none'");
      } else {
        // JSON runs nothing: nothing at all may load or run from it.
        expect(csp).toContain("default-src 'none'");
        expect(csp).not.toContain('script-src');
      }
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });

  it("lets pages load images only from https origins when the map's tiles come from the default server", async () => {
    const csp = (await api.client().get('/api/docs')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("img-src 'self' data: blob: https:;");
  });

  it('sends no HSTS and no Secure cookie over plain http', async () => {
    const login = await api.client().post('/api/auth/login', TEST_ADMIN);
    expect(login.headers.get('strict-transport-security')).toBeNull();
    expect(login.headers.get('set-cookie')).not.toMatch(/Secure/i);
  });

  it('does not believe X-Forwarded-Proto from a proxy it was not told to trust', async () => {
    const login = await api.client().post('/api/auth/login', TEST_ADMIN, { 'X-Forwarded-Proto': 'https' });
    expect(login.headers.get('strict-transport-security')).toBeNull();
    expect(login.headers.get('set-cookie')).not.toMatch(/Secure/i);
  });
});

describe('behind a configured proxy that terminates https', () => {
  const api = useApi({ TRUST_PROXY: 'loopback', PUBLIC_URL: 'https://dispatch.towing.test' });

  it('sends HSTS and a Secure session cookie', async () => {
    const login = await api.client().post('/api/auth/login', TEST_ADMIN, { 'X-Forwarded-Proto': 'https' });
    expect(login.status).toBe(200);
    expect(login.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    expect(login.headers.get('set-cookie')).toMatch(/; Secure/i);
    const page = await api.client().request('GET', '/api/docs', undefined, { 'X-Forwarded-Proto': 'https' });
    expect(page.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });

  it('keys limits on the client the proxy names', async () => {
    const lookups = async (address: string, count: number) => {
      const statuses: number[] = [];
      for (let n = 0; n < count; n += 1) {
        // A job id of its own each time: one job's own guessing limit is not what is under test.
        statuses.push((await api.client().request('GET', `/api/jobs/search?query=JOB-1999-${address.split('.').at(-1)}${n}&last4=0000`, undefined, { 'X-Forwarded-For': address })).status);
      }
      return statuses;
    };
    expect((await lookups('198.51.100.7', 31)).at(-1)).toBe(429);
    expect(await lookups('198.51.100.8', 1)).toEqual([200]);
  });
});

describe('limits without a trusted proxy', () => {
  const api = useApi();

  it('cannot be dodged by rotating X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 31; n += 1) {
      statuses.push((await api.client().request('GET', `/api/jobs/search?query=JOB-1998-${n}&last4=0000`, undefined, { 'X-Forwarded-For': `203.0.113.${n}` })).status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('cross-site requests with a session (CSRF)', () => {
  const api = useApi();

  it("refuses a state change from another origin, even another port of the app's host, and stores nothing", async () => {
    const admin = await api.adminClient();
    const job = (await admin.post('/api/sos', { phone: '0412 345 678' }, { 'Idempotency-Key': randomUUID() })).body.job;
    const crossSite: Array<Record<string, string>> = [{ Origin: OTHER_PORT }, { Origin: 'null' }, { 'Sec-Fetch-Site': 'same-site' }, { 'Sec-Fetch-Site': 'cross-site' }];
    for (const headers of crossSite) {
      const response = await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'En Route' }, headers);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(CROSS_SITE_MESSAGE);
      expect(response.body.errors).toHaveLength(1);
    }
    expect((await admin.get('/api/jobs')).body[0].status).toBe('Emergency');
  });

  it("accepts the app's own pages and clients that are not browsers", async () => {
    const admin = await api.adminClient();
    const job = (await admin.post('/api/sos', { phone: '0412 345 679' }, { 'Idempotency-Key': randomUUID(), Origin: APP_ORIGIN })).body.job;
    expect((await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'En Route' }, { Origin: APP_ORIGIN })).status).toBe(200);
    expect((await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'In Progress' }, { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    expect((await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'Completed' })).status).toBe(200);
  });

  it('leaves calls without a session alone: a stranded driver may send an SOS from anywhere', async () => {
    const sos = await api.client().post('/api/sos', { phone: '0412 345 670' }, { 'Idempotency-Key': randomUUID(), Origin: 'https://elsewhere.example' });
    expect(sos.status).toBe(201);
  });
});

/** The img-src directive of a page's policy. */
const imageSources = (csp: string) => /(?:^|;\s*)img-src ([^;]*)/.exec(csp)?.[1].split(' ') ?? [];

describe('a map tile server on the office network (VITE_MAP_TILE_URL over plain http)', () => {
  const api = useApi({ VITE_MAP_TILE_URL: 'http://192.168.1.20:8080/tiles/{z}/{x}/{y}.png' });

  it("lets pages load images from that server's origin and from no other http one", async () => {
    const csp = (await api.client().get('/api/docs')).headers.get('content-security-policy') ?? '';
    expect(imageSources(csp)).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http://192.168.1.20:8080']);
  });
});

describe('a map tile server with subdomains over plain http', () => {
  const api = useApi({ VITE_MAP_TILE_URL: 'http://{s}.tiles.office.lan/{z}/{x}/{y}.png' });

  it('lets pages load images from any of its subdomains', async () => {
    const csp = (await api.client().get('/api/docs')).headers.get('content-security-policy') ?? '';
    expect(imageSources(csp)).toContain('http://*.tiles.office.lan');
  });
});
