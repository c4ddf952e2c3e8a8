import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ENVIRONMENT, type Environment, WORKER_HEARTBEAT_INTERVAL_MS, WORKER_HEARTBEAT_TTL_SECONDS, workerHeartbeatKey } from '@towing/platform';
import { WorkerRedis } from '../notifications/worker-redis.js';

/** Every few seconds the time, in Redis: the admin's System tile shows how long ago a worker was alive. */
@Injectable()
export class WorkerHeartbeat implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerHeartbeat.name);
  private timer?: NodeJS.Timeout;
  private failing = false;

  constructor(
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    private readonly redis: WorkerRedis,
  ) {}

  onApplicationBootstrap(): void {
    void this.beat();
    this.timer = setInterval(() => void this.beat(), WORKER_HEARTBEAT_INTERVAL_MS);
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async beat(): Promise<void> {
    try {
      await this.redis.connection.set(workerHeartbeatKey(this.environment.redisPrefix), String(Date.now()), 'EX', WORKER_HEARTBEAT_TTL_SECONDS);
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.logger.warn(`Heartbeat not written: ${(error as Error).message}`);
      this.failing = true;
    }
  }
}
