import { HttpException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type ApiError, formatKm } from '@towing/contracts';
import { JobEntity, JobUpdateEntity, toJobView, VehicleEntity } from '@towing/db';
import { DataSource } from 'typeorm';
import { FleetRecordsService } from '../fleet/fleet-records.service.js';
import { RealtimeService } from '../realtime/realtime.service.js';

/** What the driver's Completed tap said of the truck. */
export interface OdometerReading {
  jobId: string;
  /** The driver's name: their truck is the active one they usually drive. */
  driver: string;
  km: number;
  madeAt: Date;
  service: string;
  location: string;
}

/**
 * The odometer a driver types at Completed becomes the truck's mileage record for the job, as the
 * board's Odometer prompt makes it. A tap may have waited offline, so nobody is there to confirm a
 * reading that goes backwards or jumps: such a reading is not recorded, and the job's history says
 * why, so the office can record the right one from the board. The tap itself stands either way.
 */
@Injectable()
export class DriverOdometer {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: FleetRecordsService,
    private readonly realtime: RealtimeService,
  ) {}

  async record(reading: OdometerReading): Promise<void> {
    const trucks = await this.dataSource.getRepository(VehicleEntity).findBy({ usualDriver: reading.driver, isActive: true });
    const said = `Odometer ${formatKm(reading.km)}`;
    if (trucks.length !== 1) {
      const why = trucks.length === 0 ? `${reading.driver} has no truck of their own` : `${reading.driver} usually drives ${trucks.length} trucks`;
      return this.note(reading, `${said} not recorded on a truck: ${why}. Record it from the board.`);
    }
    const [truck] = trucks;
    try {
      await this.records.createMileage({
        vehicleId: truck.id,
        dateTime: reading.madeAt.toISOString(),
        endOdometer: reading.km,
        jobId: reading.jobId,
        purpose: reading.service,
        endLocation: reading.location,
        driver: reading.driver,
      });
    } catch (error) {
      if (!(error instanceof HttpException) || error.getStatus() >= 500) throw error;
      const { message } = error.getResponse() as ApiError;
      return this.note(reading, `${said} not recorded on ${truck.name}: ${Array.isArray(message) ? message.join('; ') : message}. Record it from the board.`);
    }
  }

  /** A line on the job's history; the job is touched so every open job view reads its history again. */
  private async note(reading: OdometerReading, message: string): Promise<void> {
    const job = await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(JobUpdateEntity).insert({ jobId: reading.jobId, status: 'Completed', message, actor: reading.driver, occurredAt: new Date() });
      await manager.createQueryBuilder().update(JobEntity).set({ updatedAt: () => 'now()' }).where('id = :id', { id: reading.jobId }).execute();
      return manager.getRepository(JobEntity).findOneByOrFail({ id: reading.jobId });
    });
    this.realtime.toAdmins('job:updated', toJobView(job));
  }
}
