import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { ROOMS, type ServerToClientEvents } from '@towing/contracts';
import { ENVIRONMENT } from '@towing/backend/config/config.module';
import type { Environment } from '@towing/backend/config/environment';
import { createSocketPublisher } from '@towing/backend/redis/socket-publisher';
import { socketChannelKey } from '@towing/backend/realtime/socket-channel';

type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** The worker's way to browsers: publishes through Redis to every API instance's sockets. */
@Injectable()
export class RealtimeEmitter implements OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeEmitter.name);
  private readonly redis: Redis;
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(@Inject(ENVIRONMENT) environment: Environment) {
    this.redis = createSocketPublisher(environment.redisUrl, (error) => this.logger.warn(`Socket push lost: ${error.message}`));
    this.emitter = new Emitter<ServerToClientEvents>(this.redis, { key: socketChannelKey(environment.redisPrefix) });
  }

  /** Best effort, like every socket push: browsers re-read over REST when they reconnect. */
  toAdmins<E extends keyof ServerToClientEvents>(event: E, payload: Payload<E>): void {
    (this.emitter.to(ROOMS.admins).emit as (event: E, payload: Payload<E>) => void)(event, payload);
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
