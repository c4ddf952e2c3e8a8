import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { ROOMS, type ServerToClientEvents } from '@towing/contracts';
import { ENVIRONMENT } from '@towing/backend/config/config.module';
import type { Environment } from '@towing/backend/config/environment';
import { socketChannelKey } from '@towing/backend/realtime/socket-channel';

type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** The worker's way to browsers: publishes through Redis to every API instance's sockets. */
@Injectable()
export class RealtimeEmitter implements OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(@Inject(ENVIRONMENT) environment: Environment) {
    this.redis = new Redis(environment.redisUrl, { retryStrategy: (attempt) => Math.min(attempt * 250, 2000) });
    this.redis.on('error', () => undefined);
    this.emitter = new Emitter<ServerToClientEvents>(this.redis, { key: socketChannelKey(environment.redisPrefix) });
  }

  toAdmins<E extends keyof ServerToClientEvents>(event: E, payload: Payload<E>): void {
    (this.emitter.to(ROOMS.admins).emit as (event: E, payload: Payload<E>) => void)(event, payload);
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
