import { Processor } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BUSINESS, type QueueMap, QUEUES } from '@towing/contracts';
import { InjectQueueOf, type QueueOf, SocketEmitter } from '@towing/platform';
import { checkServiceDue, OutboxEntity, VehicleEntity } from '@towing/db';
import { ScheduledQueueConsumer } from '../queues/queue-consumer.js';

/** Persisted in Redis with the queue: never rename. */
export const SERVICE_DUE_SCHEDULER: QueueMap['fleet-checks']['name'] = 'service-due-daily';
export const SERVICE_DUE_JOB: QueueMap['fleet-checks']['name'] = 'service-due-check';
/** Before the owners' first run of the day. */
const EVERY_MORNING = { pattern: '0 5 * * *', tz: BUSINESS.timeZone };
const SCHEDULE = { scheduler: SERVICE_DUE_SCHEDULER, job: SERVICE_DUE_JOB, repeat: EVERY_MORNING, what: 'the daily service check' };

/**
 * A truck comes due by date with nobody touching its records, so once a day (5 am Perth, a
 * BullMQ job scheduler, one run however many workers) every truck is checked. A crossing is
 * recorded the way the API records one, the interval marked and vehicle.serviceDue written to
 * the outbox in one transaction, and the API's relay publishes it. Every truck is pushed to the
 * boards afterwards, since the days left changed overnight.
 */
@Processor(QUEUES.fleetChecks, { concurrency: 1, autorun: false })
export class ServiceDueDailyCheck extends ScheduledQueueConsumer<'fleet-checks'> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly realtime: SocketEmitter,
    @InjectQueueOf(QUEUES.fleetChecks) queue: QueueOf<'fleet-checks'>,
  ) {
    super(queue, SCHEDULE);
  }

  process(): Promise<number> {
    return this.run();
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
