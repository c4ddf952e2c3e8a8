import { type INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { createSocketPublisher, createSocketSubscriber, socketChannelKey } from '@towing/platform';

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
    const logger = new Logger(RedisIoAdapter.name);
    this.publisher = createSocketPublisher(redisUrl, (error) => logger.warn(`Socket push not relayed: ${error.message}`));
    // Losing Redis only loses cross-instance fan-out; local sockets still get every event.
    this.subscriber = createSocketSubscriber(redisUrl);
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
