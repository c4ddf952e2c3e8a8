import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { type AdminLog, type BatchedEvent, type PublicJob, ROOMS, type ServerEvents, type ServerToClientEvents } from '@towing/contracts';
import { ENVIRONMENT } from './config.module.js';
import type { Environment } from './environment.js';
import { emitFrame, type FrameTarget, PushWindow } from './push-window.js';
import { createSocketPublisher } from './redis-connections.js';
import { socketChannelKey } from './socket-channel.js';

export type SocketPayload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Pushes to browsers from a process without sockets of its own (the worker): publishes through
 * Redis to every API instance, typed by the contracts' socket map. Pushes to the admins and to a
 * log's watchers share a frame per window (PushWindow): an SOS changes its notifications several
 * times in a few ms, and each frame is a Redis publish that every API instance reads.
 */
@Injectable()
export class SocketEmitter implements OnApplicationShutdown {
  private readonly logger = new Logger(SocketEmitter.name);
  private readonly redis: Redis;
  private readonly emitter: Emitter<ServerToClientEvents>;
  /** A window per room, made on its first push. */
  private readonly windows = new Map<string, PushWindow>();

  constructor(@Inject(ENVIRONMENT) environment: Environment) {
    this.redis = createSocketPublisher(environment.redisUrl, (error) => this.logger.warn(`Socket push lost: ${error.message}`));
    this.emitter = new Emitter<ServerToClientEvents>(this.redis, { key: socketChannelKey(environment.redisPrefix) });
  }

  /** To every admin socket (quotes, trucks): best effort, boards re-read over REST when they reconnect. */
  toAdmins<E extends keyof ServerEvents>(event: E, payload: SocketPayload<E>): void {
    this.windowOf(ROOMS.admins).push([event, payload] as BatchedEvent);
  }

  /**
   * To the admin sockets that have the log's tab open (ROOMS.adminLog). Best effort, like every
   * socket push: a board re-reads the log over REST when it reconnects or opens the tab.
   */
  toAdminLog<E extends keyof ServerEvents>(log: AdminLog, event: E, payload: SocketPayload<E>): void {
    this.windowOf(ROOMS.adminLog(log)).push([event, payload] as BatchedEvent);
  }

  /** To the browsers tracking one job (job:watch); they get the public view only. */
  toJobWatchers(job: PublicJob): void {
    this.emitter.to(ROOMS.job(job.id)).emit('job:updated', job);
  }

  onApplicationShutdown(): void {
    for (const window of this.windows.values()) window.close();
    this.redis.disconnect();
  }

  private windowOf(room: string): PushWindow {
    let window = this.windows.get(room);
    if (!window) {
      window = new PushWindow(
        (events) => emitFrame(this.emitter.to(room) as FrameTarget, events),
        (error) => this.logger.error(`Socket push not sent: ${error.message}`),
      );
      this.windows.set(room, window);
    }
    return window;
  }
}
