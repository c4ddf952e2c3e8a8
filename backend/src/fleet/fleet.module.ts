import { Module } from '@nestjs/common';
import { FleetChanges } from './fleet-changes.js';
import { FleetRecordsController } from './fleet-records.controller.js';
import { FleetRecordsService } from './fleet-records.service.js';
import { VehiclesController } from './vehicles.controller.js';
import { VehiclesService } from './vehicles.service.js';

/** The business's own trucks: vehicles, their service, fuel and mileage records and expenses. Admin only. */
@Module({
  controllers: [VehiclesController, FleetRecordsController],
  providers: [FleetChanges, VehiclesService, FleetRecordsService],
  exports: [FleetRecordsService],
})
export class FleetModule {}
