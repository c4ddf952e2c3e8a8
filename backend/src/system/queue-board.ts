import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Queue } from 'bullmq';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Redis } from 'ioredis';
import { QUEUES } from '@towing/contracts';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { SessionsService } from '../auth/sessions.service.js';
import { readSessionToken } from '../auth/session-cookie.js';
import { forbidden, unauthorized } from '../common/errors.js';
import { REDIS_PRODUCER } from '../redis/redis.module.js';

/** Where Bull Board is served, beside the admin board. */
export const QUEUE_BOARD_PATH = '/admin/queues';

/**
 * Every queue of the registry (contracts' QUEUES) on the API's Redis connection, for Bull Board
 * and the System tile: listed, counted, a failed job retried.
 */
@Injectable()
export class AllQueues implements OnApplicationShutdown {
  readonly queues: Queue[];

  constructor(@Inject(REDIS_PRODUCER) redis: Redis, @Inject(ENVIRONMENT) environment: Environment) {
    this.queues = Object.values(QUEUES).map((name) => {
      const queue = new Queue(name, { connection: redis, prefix: environment.redisPrefix });
      // A call made while Redis is away fails on its own; nothing to report here.
      queue.on('error', () => undefined);
      return queue;
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
  }
}

/**
 * Bull Board at /admin/queues, for admins only: the same session as the admin API (401 without
 * one, 403 for a customer), and its writes (retry, remove) pass the same cross-site check as
 * every other write (refuseCrossSiteWrites runs before it).
 */
@Injectable()
export class QueueBoard {
  constructor(
    private readonly all: AllQueues,
    private readonly sessions: SessionsService,
  ) {}

  handlers(): RequestHandler[] {
    const serverAdapter = new ExpressAdapter().setBasePath(QUEUE_BOARD_PATH);
    createBullBoard({ queues: this.all.queues.map((queue) => new BullMQAdapter(queue)), serverAdapter });
    const adminsOnly = (request: Request, _response: Response, next: NextFunction) => {
      this.sessions
        .resolve(readSessionToken(request.headers.cookie))
        .then((user) => {
          if (!user) return next(unauthorized('Please sign in'));
          if (user.role !== 'admin') return next(forbidden('Only staff can do this'));
          next();
        })
        .catch(next);
    };
    return [adminsOnly, serverAdapter.getRouter() as RequestHandler];
  }
}
