import { io, type Socket } from 'socket.io-client';
import type { DriversAvailability } from '@towing/contracts';
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
});
