import { io, type Socket } from 'socket.io-client';
import { eventually } from '@towing/testkit';
import { useApi } from '../testing/use-api.js';
import { SOCKETS_REFUSED } from './socket-cap.js';

const CAP = 3;

/** The API trusts the loopback proxy here, so each X-Forwarded-For is its own client. */
describe('Socket.IO connections per client address', () => {
  const api = useApi({ TRUST_PROXY: 'loopback', SOCKETS_PER_ADDRESS: String(CAP) });
  const sockets: Socket[] = [];
  afterAll(() => sockets.forEach((socket) => socket.close()));

  /** Connects as a client at `address`; answers the socket once connected, or the connect_error's message. */
  const connect = (address: string) =>
    new Promise<Socket | string>((resolve) => {
      const socket = io(api.baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false, extraHeaders: { 'X-Forwarded-For': address } });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket)).once('connect_error', (error) => resolve(error.message));
    });

  it('refuses connections past the cap with a clear connect_error, counts each address (an IPv6 /64) apart, and frees a place on disconnect', async () => {
    const held: Socket[] = [];
    for (let n = 0; n < CAP; n += 1) {
      const socket = await connect('198.51.100.9');
      expect(typeof socket).not.toBe('string');
      held.push(socket as Socket);
    }
    expect(await connect('198.51.100.9')).toBe(SOCKETS_REFUSED);
    expect(typeof (await connect('198.51.100.10'))).not.toBe('string');

    for (let n = 0; n < CAP; n += 1) expect(typeof (await connect(`2001:db8:9:1::${n + 1}`))).not.toBe('string');
    expect(await connect('2001:db8:9:1:ffff::1')).toBe(SOCKETS_REFUSED);

    held[0]!.close();
    const again = await eventually(async () => {
      const answer = await connect('198.51.100.9');
      return typeof answer === 'string' ? null : answer;
    });
    expect(again.connected).toBe(true);
  });
});
