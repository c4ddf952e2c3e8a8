import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { type AdminLog, type PublicJob, ROOMS, type ServerToClientEvents } from '@towing/contracts';
import { ENVIRONMENT } from './config.module.js';
import type { Environment } from './environment.js';
import { createSocketPublisher } from './redis-connections.js';
import { socketChannelKey } from './socket-channel.js';

export type SocketPayload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Pushes to browsers from a process without sockets of its own (the worker): publishes through
 * Redis to every API instance, typed by the contracts' socket map.
 */
@Injectable()
export class SocketEmitter implements OnApplicationShutdown {
  private readonly logger = new Logger(SocketEmitter.name);
  private readonly redis: Redis;
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(@Inject(ENVIRONMENT) environment: Environment) {
    this.redis = createSocketPublisher(environment.redisUrl, (error) => this.logger.warn(`Socket push lost: ${error.message}`));
    this.emitter = new Emitter<ServerToClientEvents>(this.redis, { key: socketChannelKey(environment.redisPrefix) });
  }

  /** To every admin socket (quotes, trucks): best effort, boards re-read over REST when they reconnect. */
  toAdmins<E extends keyof ServerToClientEvents>(event: E, payload: SocketPayload<E>): void {
    (this.emitter.to(ROOMS.admins).emit as (event: E, payload: SocketPayload<E>) => void)(event, payload);
  }

  /**
   * To the admin sockets that have the log's tab open (ROOMS.adminLog). Best effort, like every
   * socket push: a board re-reads the log over REST when it reconnects or opens the tab.
   */
  toAdminLog<E extends keyof ServerToClientEvents>(log: AdminLog, event: E, payload: SocketPayload<E>): void {
    (this.emitter.to(ROOMS.adminLog(log)).emit as (event: E, payload: SocketPayload<E>) => void)(event, payload);
  }

  /** To the browsers tracking one job (job:watch); they get the public view only. */
  toJobWatchers(job: PublicJob): void {
    this.emitter.to(ROOMS.job(job.id)).emit('job:updated', job);
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
