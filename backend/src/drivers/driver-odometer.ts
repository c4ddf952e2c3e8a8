import { HttpException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type ApiError, formatKm } from '@towing/contracts';
import { VehicleEntity } from '@towing/db';
import { DataSource } from 'typeorm';
import { FleetRecordsService } from '../fleet/fleet-records.service.js';
import { addHistoryLine } from '../jobs/job-history-line.js';
import { TransactionRunner } from '../outbox/transaction.runner.js';
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
    private readonly transactions: TransactionRunner,
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

  private note(reading: OdometerReading, message: string): Promise<void> {
    return this.transactions.run((unit) => addHistoryLine(unit, this.realtime, { jobId: reading.jobId, status: 'Completed', message, actor: reading.driver }));
  }
}
