import { eventually, RedisProcess } from '@towing/testkit';
import { createProducerConnection, createSocketPublisher, createSocketSubscriber, untilConnected, untilSubscribed } from './redis-connections.js';

describe('createSocketPublisher', () => {
  it('keeps a push waiting while Redis is away instead of failing it', async () => {
    const redis = createSocketPublisher('redis://127.0.0.1:1', () => undefined);
    let settled = false;
    void redis.publish('towing:socket.io', 'payload').finally(() => (settled = true));
    // Several reconnect attempts: a per-request retry limit below that many would have failed it
    // by the last one (ioredis fails the waiting commands before it announces the attempt).
    let attempts = 0;
    await new Promise<void>((resolve) => redis.on('reconnecting', () => (attempts += 1) === 4 && resolve()));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    redis.disconnect();
  });

  it('publishes while Redis answers, and catches a push made after the connection closed', async () => {
    const errors: Error[] = [];
    const redis = createSocketPublisher('redis://127.0.0.1:6379', (error) => errors.push(error));
    await expect(redis.publish('towing-test:nobody-listens', 'payload')).resolves.toBe(0);
    redis.disconnect();
    // Without the catch this rejection would be unhandled and end the process.
    await expect(redis.publish('towing-test:nobody-listens', 'late payload')).resolves.toBe(0);
    expect(errors.map((error) => error.message)).toEqual(['Connection is closed.']);
  });
});

describe('createSocketSubscriber', () => {
  it('says when Redis has taken its subscriptions, so what is published from then on is heard', async () => {
    const channel = `towing-test:subscribed:${process.pid}:${Date.now()}`;
    const subscriber = createSocketSubscriber('redis://127.0.0.1:6379', () => undefined);
    const publisher = createSocketPublisher('redis://127.0.0.1:6379', () => undefined);
    try {
      const heard: string[] = [];
      subscriber.on('pmessage', (_pattern: string, _channel: string, message: string) => heard.push(message));
      // Fired without waiting, as the Socket.IO adapter does.
      void subscriber.psubscribe(`${channel}*`);
      await untilSubscribed(subscriber, 60_000);
      expect(await publisher.publish(`${channel}:one`, 'first push')).toBe(1);
      // Redis counted it as received by the subscriber; wait for it to arrive here.
      if (heard.length === 0) await new Promise<void>((resolve) => subscriber.once('pmessage', () => resolve()));
      expect(heard).toEqual(['first push']);
    } finally {
      subscriber.disconnect();
      publisher.disconnect();
    }
  });

  it('says when it loses Redis and when it is back, and hears what is published from then on', async () => {
    const server = await RedisProcess.start();
    const warnings: string[] = [];
    const subscriber = createSocketSubscriber(server.url, (message) => warnings.push(message));
    const heard: string[] = [];
    subscriber.on('pmessage', (_pattern: string, _channel: string, message: string) => heard.push(message));
    try {
      void subscriber.psubscribe('towing-test:socket.io*');
      await untilSubscribed(subscriber, 60_000);
      await server.stop();
      await eventually(() => warnings.length === 1);
      await server.start();
      await eventually(() => warnings.length === 2);
      expect(warnings).toEqual([
        expect.stringMatching(/^Socket subscriber cannot reach Redis \((Redis closed the connection|connect ECONNREFUSED .+|read ECONNRESET)\): pushes made by other processes do not reach this instance's browsers until it can$/),
        'Socket subscriber reached Redis again',
      ]);
      // Subscribed again on its own: a push made once it is back is heard.
      const publisher = createSocketPublisher(server.url, () => undefined);
      try {
        await eventually(async () => (await publisher.publish('towing-test:socket.io#/#', 'after the outage')) === 1);
        await eventually(() => heard.includes('after the outage'));
      } finally {
        publisher.disconnect();
      }
    } finally {
      subscriber.disconnect();
      await server.remove();
    }
  });

  it('says when Redis refuses a subscription, instead of leaving the instance deaf without a word', async () => {
    const warnings: string[] = [];
    const subscriber = createSocketSubscriber('redis://127.0.0.1:6379', (message) => warnings.push(message));
    try {
      // PSUBSCRIBE with no pattern: Redis answers with an error.
      await expect(subscriber.psubscribe()).resolves.toBe(0);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^Socket subscriber could not psubscribe : ERR wrong number of arguments/);
    } finally {
      subscriber.disconnect();
    }
  });

  it('waits no longer than it is told when Redis is away', async () => {
    const subscriber = createSocketSubscriber('redis://127.0.0.1:1', () => undefined);
    void subscriber.psubscribe('towing-test:never');
    await untilSubscribed(subscriber, 200);
    subscriber.disconnect();
  });

  it('settles the (un)subscribes an instance stopped right after starting cut off, instead of leaving them to end the process', async () => {
    const redis = createSocketSubscriber('redis://127.0.0.1:6379', () => undefined);
    // What the Socket.IO adapter fires, unhandled, when it starts and when it closes.
    const commands = [redis.psubscribe('towing-test:socket.io*'), redis.subscribe('towing-test:request'), redis.punsubscribe('towing-test:socket.io*')];
    redis.disconnect();
    await expect(Promise.all(commands)).resolves.toEqual([0, 0, 0]);
  });
});

describe('untilConnected', () => {
  it('returns once the connection is up, so the first command finds it ready', async () => {
    const redis = createProducerConnection('redis://127.0.0.1:6379');
    try {
      await untilConnected(redis, 10_000);
      expect(redis.status).toBe('ready');
      await expect(redis.ping()).resolves.toBe('PONG');
    } finally {
      redis.disconnect();
    }
  });

  it('does not hold a process back for longer than the wait when Redis is away', async () => {
    const redis = createProducerConnection('redis://127.0.0.1:1');
    redis.on('error', () => undefined);
    try {
      await untilConnected(redis, 300);
      expect(redis.status).not.toBe('ready');
    } finally {
      redis.disconnect();
    }
  });
});
