import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { socketChannelKey } from './socket-channel.js';

/** Socket.IO over Redis pub/sub, so every API instance and the worker reach every browser. */
export class RedisIoAdapter extends IoAdapter {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;

  constructor(
    app: INestApplicationContext,
    redisUrl: string,
    private readonly redisPrefix: string,
  ) {
    super(app);
    this.publisher = new Redis(redisUrl, { retryStrategy: (attempt) => Math.min(attempt * 250, 2000) });
    this.subscriber = this.publisher.duplicate();
    // Losing Redis only loses cross-instance fan-out; local sockets still get every event.
    this.publisher.on('error', () => undefined);
    this.subscriber.on('error', () => undefined);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options) as Server;
    server.adapter(createAdapter(this.publisher, this.subscriber, { key: socketChannelKey(this.redisPrefix) }));
    return server;
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}
