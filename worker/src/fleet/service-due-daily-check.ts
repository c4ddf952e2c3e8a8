import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { BUSINESS, QUEUES } from '@towing/contracts';
import { createConsumerConnection, ENVIRONMENT, type Environment, SocketEmitter } from '@towing/platform';
import { checkServiceDue, OutboxEntity, VehicleEntity } from '@towing/db';

/** Persisted in Redis with the queue: never rename. */
export const SERVICE_DUE_SCHEDULER = 'service-due-daily';
export const SERVICE_DUE_JOB = 'service-due-check';
/** Before the owners' first run of the day. */
const EVERY_MORNING = { pattern: '0 5 * * *', tz: BUSINESS.timeZone };

/**
 * A truck comes due by date with nobody touching its records, so once a day (5 am Perth, a
 * BullMQ job scheduler, one run however many workers) every truck is checked. A crossing is
 * recorded the way the API records one, the interval marked and vehicle.serviceDue written to
 * the outbox in one transaction, and the API's relay publishes it. Every truck is pushed to the
 * boards afterwards, since the days left changed overnight.
 */
@Injectable()
export class ServiceDueDailyCheck implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ServiceDueDailyCheck.name);
  private queue?: Queue;
  private worker?: Worker;
  private connections: Redis[] = [];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly realtime: SocketEmitter,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  onApplicationBootstrap(): void {
    const connection = () => {
      const redis = createConsumerConnection(this.environment.redisUrl);
      this.connections.push(redis);
      return redis;
    };
    this.queue = new Queue(QUEUES.fleetChecks, { connection: connection(), prefix: this.environment.redisPrefix });
    this.queue.on('error', () => undefined);
    // Waits for Redis like the consumers do; a worker that starts without it still checks once it is back.
    void this.queue
      .upsertJobScheduler(SERVICE_DUE_SCHEDULER, EVERY_MORNING, { name: SERVICE_DUE_JOB, opts: { removeOnComplete: 30, removeOnFail: 100 } })
      .catch((error: Error) => this.logger.warn(`Could not schedule the daily service check: ${error.message}`));
    this.worker = new Worker(QUEUES.fleetChecks, () => this.run(), { connection: connection(), prefix: this.environment.redisPrefix, concurrency: 1 });
    this.worker.on('error', () => undefined);
    this.worker.on('failed', (_job, error) => this.logger.warn(`Daily service check failed: ${error.message}`));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    for (const redis of this.connections) redis.disconnect();
  }

  /** Checks every truck in the fleet now; answers how many came due. */
  async run(now = new Date()): Promise<number> {
    const vehicles = await this.dataSource.getRepository(VehicleEntity).find({ select: { id: true }, where: { isActive: true } });
    let crossed = 0;
    for (const { id } of vehicles) {
      const check = await this.dataSource.transaction(async (manager) => {
        const result = await checkServiceDue(manager, id, now);
        if (result?.crossed) {
          const outbox = manager.getRepository(OutboxEntity);
          await outbox.save(outbox.create({ name: 'vehicle.serviceDue', payload: { vehicleId: id, cycle: result.crossed } }));
        }
        return result;
      });
      if (!check) continue;
      if (check.crossed) crossed += 1;
      this.realtime.toAdmins('vehicle:updated', check.vehicle);
    }
    if (crossed > 0) this.logger.log(`${crossed} truck(s) came due for service`);
    return crossed;
  }
}
