import { io, type Socket } from 'socket.io-client';
import type { DriversAvailability, LiveStats } from '@towing/contracts';
import { eventually, SocketListener } from '@towing/testkit';
import { useSharedApi } from '../testing/use-shared-api.js';

describe('PUT /api/dispatch/drivers', () => {
  const api = useSharedApi();

  it.each([11, -1, 2.5, '3'])('refuses %p with a 400 and keeps the stored count', async (available) => {
    const admin = await api.adminClient();
    expect((await admin.put('/api/dispatch/drivers', { available: 4 })).status).toBe(200);
    const response = await admin.put('/api/dispatch/drivers', { available });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].field).toBe('available');
    expect((await api.client().get('/api/dispatch/drivers')).body).toEqual({ available: 4 });
  });

  it.each([0, 10])('accepts the bound %p and pushes it to every browser', async (available) => {
    const browser: Socket = io(api.baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    try {
      const pushed = new Promise<DriversAvailability>((resolve) => browser.on('drivers:changed', resolve));
      await new Promise<void>((resolve) => browser.once('connect', () => resolve()));
      const admin = await api.adminClient();
      const response = await admin.put('/api/dispatch/drivers', { available });
      expect(response.status).toBe(200);
      expect(await pushed).toEqual({ available });
    } finally {
      browser.close();
    }
  });

  it('pushes the fresh figures to the pages showing them, and to no other socket', async () => {
    const [showing, notShowing, noLonger] = await Promise.all([1, 2, 3].map(() => new SocketListener(api.baseUrl).connected()));
    try {
      expect(await showing.watchStats()).toEqual({ ok: true });
      expect(await noLonger.watchStats()).toEqual({ ok: true });
      noLonger.socket.emit('stats:unwatch');
      // A round trip behind the unwatch on the same socket: the server has handled it.
      expect(await noLonger.watchLog('emails')).toEqual({ ok: false, error: 'Only an admin can watch a log' });
      const admin = await api.adminClient();
      expect((await admin.put('/api/dispatch/drivers', { available: 7 })).status).toBe(200);
      await eventually(() => showing.received<LiveStats>('stats:changed', (stats) => stats.availableDrivers === 7).length === 1);
      expect(notShowing.received('stats:changed')).toEqual([]);
      expect(noLonger.received('stats:changed')).toEqual([]);
      // The count itself still reaches every browser: the board shows it too.
      expect(notShowing.received('drivers:changed')).toEqual([{ available: 7 }]);
    } finally {
      for (const listener of [showing, notShowing, noLonger]) listener.close();
    }
  });
});
