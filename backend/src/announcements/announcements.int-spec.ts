import { io, type Socket } from 'socket.io-client';
import type { Announcement, AnnouncementInput } from '@towing/contracts';
import { type TestClient, createTestDatabase, eventually, type TestDatabase } from '@towing/testkit';
import { testEnvironment } from '../testing/test-environment.js';
import type { Environment } from '@towing/platform';
import { type ApiStack, startApi } from '../testing/use-api.js';

const NOTICE: AnnouncementInput = {
  title: 'Roebourne-Wittenoom Road closed',
  message: 'Flooding at the Fortescue crossing. Expect delays to Tom Price call-outs.',
  type: 'warning',
  active: true,
  showAsPopup: true,
  showInSidebar: true,
  expiresAt: null,
};

describe('announcements', () => {
  let database: TestDatabase;
  let environment: Environment;
  let api: ApiStack;
  let admin: TestClient;
  let browser: Socket;
  let pushes: Array<{ at: number; list: Announcement[] }>;

  beforeAll(async () => {
    database = await createTestDatabase();
    environment = testEnvironment(database.url);
    api = await startApi(environment);
    admin = await api.adminClient();
    browser = io(api.baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    pushes = [];
    browser.on('announcements:changed', (list: Announcement[]) => pushes.push({ at: Date.now(), list }));
    await new Promise<void>((resolve, reject) => {
      browser.once('connect', () => resolve());
      browser.once('connect_error', reject);
    });
  });
  afterAll(async () => {
    browser?.close();
    await api?.close();
    await database?.drop();
  });

  it('creates, edits and deletes, pushing the active list to every browser each time', async () => {
    const created = await admin.post('/api/announcements', NOTICE);
    expect(created.status).toBe(201);
    const id = (created.body as Announcement).id;
    expect(created.body).toMatchObject({ ...NOTICE, createdBy: 'admin' });
    await eventually(() => pushes.find((push) => push.list.some((item) => item.id === id)));

    const edited = await admin.put(`/api/announcements/${id}`, { ...NOTICE, active: false });
    expect(edited.status).toBe(200);
    expect(edited.body.active).toBe(false);
    await eventually(() => pushes.at(-1)!.list.every((item) => item.id !== id));
    expect((await api.client().get('/api/announcements?active=true')).body).toEqual([]);
    expect(((await admin.get('/api/announcements')).body as Announcement[]).map((item) => item.id)).toContain(id);

    const count = pushes.length;
    expect((await admin.request('DELETE', `/api/announcements/${id}`)).status).toBe(204);
    await eventually(() => pushes.length > count);
    expect((await admin.request('DELETE', `/api/announcements/${id}`)).status).toBe(404);
  });

  it("checks the form's required fields", async () => {
    const response = await admin.post('/api/announcements', { ...NOTICE, title: '', message: '' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'title', message: 'Title is required' },
        { field: 'message', message: 'Message is required' },
      ]),
    );
  });

  it('shows the full list to admins only; the active list to anyone', async () => {
    expect((await api.client().get('/api/announcements')).status).toBe(401);
    expect((await api.client().get('/api/announcements?active=true')).status).toBe(200);
  });

  it('pushes the list again when an announcement expires, with nobody touching anything', async () => {
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const created = await admin.post('/api/announcements', { ...NOTICE, title: 'Cyclone watch', expiresAt });
    const id = (created.body as Announcement).id;
    await eventually(() => pushes.find((push) => push.list.some((item) => item.id === id)));
    expect(((await api.client().get('/api/announcements?active=true')).body as Announcement[]).map((item) => item.id)).toContain(id);

    await eventually(() => pushes.find((push) => push.at >= Date.parse(expiresAt) && push.list.every((item) => item.id !== id)));
    expect(((await api.client().get('/api/announcements?active=true')).body as Announcement[]).map((item) => item.id)).not.toContain(id);
  });

  it('pushes an expiry from another instance when the one that saved it has gone', async () => {
    const other = await startApi(environment);
    const watcher = io(other.baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    const heard: Array<{ at: number; list: Announcement[] }> = [];
    watcher.on('announcements:changed', (list: Announcement[]) => heard.push({ at: Date.now(), list }));
    try {
      await new Promise<void>((resolve) => watcher.once('connect', () => resolve()));
      const expiresAt = new Date(Date.now() + 2000).toISOString();
      const created = await admin.post('/api/announcements', { ...NOTICE, title: 'Dust storm', expiresAt });
      const id = (created.body as Announcement).id;
      await eventually(() => heard.find((push) => push.list.some((item) => item.id === id)));
      // The saving instance goes away before the expiry; only the other one is left to push it.
      await api.close();
      await eventually(() => heard.find((push) => push.at >= Date.parse(expiresAt) && push.list.every((item) => item.id !== id)));
    } finally {
      watcher.close();
      api = other;
    }
  });
});
