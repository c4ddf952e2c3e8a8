import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { TestClient } from '@towing/testkit';
import type { Access } from './common/access.js';
import { ACCESS_KEY } from './common/access.js';
import { expressRoutes } from './testing/app-routes.js';
import { type ApiStack, useApi } from './testing/use-api.js';

interface Route {
  method: string;
  path: string;
  access: Access;
}

const join = (...parts: string[]) => `/${parts.flatMap((part) => part.split('/')).filter(Boolean).join('/')}`;

/** Every route of every controller Nest knows, with the access its decorators give it (admin when none). */
function nestRoutes(api: ApiStack): Route[] {
  const routes: Route[] = [];
  for (const module of api.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const base = (Reflect.getMetadata(PATH_METADATA, controller) as string | undefined) ?? '';
      const classAccess = Reflect.getMetadata(ACCESS_KEY, controller) as Access | undefined;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const paths = [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat();
        for (const path of paths) {
          routes.push({
            method: RequestMethod[method],
            path: join('api', base, path),
            access: (Reflect.getMetadata(ACCESS_KEY, handler) as Access | undefined) ?? classAccess ?? 'admin',
          });
        }
      }
    }
  }
  return routes;
}

const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, '1');

describe('access to every route', () => {
  const api = useApi();
  let customer: TestClient;
  let routes: Route[];

  beforeAll(async () => {
    routes = nestRoutes(api);
    const account = { username: 'pat.customer', password: 'red-dirt-roads', email: 'pat@example.com', firstName: 'Pat', lastName: 'Lee', phone: '0412 345 678' };
    expect((await api.client().post('/api/auth/register', account)).status).toBe(201);
    customer = api.client();
    expect((await customer.post('/api/auth/login', { username: account.username, password: account.password })).status).toBe(200);
  });

  it('finds every route Express serves under /api among the controllers', () => {
    const known = new Set(routes.map((route) => `${route.method} ${route.path}`));
    const served = expressRoutes(api.app);
    expect(served.length).toBeGreaterThan(10);
    expect(served.filter((route) => !known.has(route))).toEqual([]);
    expect([...known].filter((route) => !served.includes(route))).toEqual([]);
  });

  it('includes the admin routes of the dispatch board', () => {
    const admin = routes.filter((route) => route.access === 'admin').map((route) => `${route.method} ${route.path}`);
    expect(admin).toEqual(
      expect.arrayContaining([
        'GET /api/jobs',
        'PATCH /api/jobs/:id',
        'DELETE /api/jobs/:id',
        'GET /api/bookings',
        'POST /api/bookings/:id/approve',
        'GET /api/emails',
        'GET /api/notifications',
        'PUT /api/dispatch/drivers',
        'POST /api/announcements',
        'PUT /api/announcements/:id',
        'DELETE /api/announcements/:id',
      ]),
    );
  });

  it('answers every admin route with 401 without a session and 403 for a customer', async () => {
    const admin = routes.filter((route) => route.access === 'admin');
    const failures: string[] = [];
    for (const route of admin) {
      const path = concrete(route.path);
      const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
      const anonymous = await api.client().request(route.method, path, body);
      const asCustomer = await customer.request(route.method, path, body);
      if (anonymous.status !== 401) failures.push(`${route.method} ${route.path} anonymous -> ${anonymous.status}`);
      if (asCustomer.status !== 403) failures.push(`${route.method} ${route.path} customer -> ${asCustomer.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('keeps the full announcement list for admins although the route also serves the public list', async () => {
    expect((await api.client().get('/api/announcements')).status).toBe(401);
    expect((await customer.get('/api/announcements')).status).toBe(403);
    expect((await customer.get('/api/announcements?active=true')).status).toBe(200);
  });
});
