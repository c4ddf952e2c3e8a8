import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { Express } from 'express';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { createSocketPublisher, createSocketSubscriber, socketChannelKey, untilSubscribed } from '@towing/platform';
import { capSocketsPerClient, handshakeClient } from './socket-cap.js';

/** Socket.IO over Redis pub/sub, so every API instance and the worker reach every browser. */
export class RedisIoAdapter extends IoAdapter {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly clientOf: ReturnType<typeof handshakeClient>;

  constructor(
    app: NestExpressApplication,
    redisUrl: string,
    private readonly redisPrefix: string,
    private readonly socketsPerAddress: number,
  ) {
    super(app);
    this.clientOf = handshakeClient(app.getHttpAdapter().getInstance() as Express);
    const logger = new Logger(RedisIoAdapter.name);
    this.publisher = createSocketPublisher(redisUrl, (error) => logger.warn(`Socket push not relayed: ${error.message}`));
    // Losing Redis only loses cross-instance fan-out; local sockets still get every event.
    this.subscriber = createSocketSubscriber(redisUrl, (message) => logger.warn(message));
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options) as Server;
    server.adapter(createAdapter(this.publisher, this.subscriber, { key: socketChannelKey(this.redisPrefix) }));
    // First of the middlewares, so a refused connection costs nothing further.
    server.use(capSocketsPerClient(this.socketsPerAddress, this.clientOf));
    return server;
  }

  /** Once the server exists: until the cross-instance channel is subscribed, at most `waitMs`. */
  subscribed(waitMs: number): Promise<void> {
    return untilSubscribed(this.subscriber, waitMs);
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}
