import { pbkdf2, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createSocketPublisher, createSocketSubscriber } from './redis-connections.js';

/**
 * A file of its own: ioredis reads its package.json once per process (module), for the first
 * connection's CLIENT SETINFO, and this checks what happens while that first read is slow.
 */
describe('createSocketSubscriber on a busy machine', () => {
  it('keeps a subscription made while its connection is still being set up', async () => {
    const warnings: string[] = [];
    const subscriber = createSocketSubscriber('redis://127.0.0.1:6379', (message) => warnings.push(message));
    const publisher = createSocketPublisher('redis://127.0.0.1:6379', () => undefined);
    const channel = `towing-test-${randomUUID()}`;
    const heard: string[] = [];
    subscriber.on('pmessage', (_pattern: string, _channel: string, message: string) => heard.push(message));
    try {
      await once(subscriber, 'connect');
      // The thread pool is busy, as on a loaded machine: file reads queue behind these.
      for (let n = 0; n < 4; n += 1) pbkdf2('password', 'salt', 100_000, 32, 'sha256', () => undefined);
      // As the API's socket adapter does while the application starts: before the connection is ready.
      await subscriber.psubscribe(`${channel}:*`);
      if (subscriber.status !== 'ready') await once(subscriber, 'ready');
      expect(await publisher.publish(`${channel}:board`, 'a push from the worker')).toBe(1);
      if (heard.length === 0) await once(subscriber, 'pmessage');
      expect({ heard, warnings }).toEqual({ heard: ['a push from the worker'], warnings: [] });
    } finally {
      subscriber.disconnect();
      publisher.disconnect();
    }
  });
});
