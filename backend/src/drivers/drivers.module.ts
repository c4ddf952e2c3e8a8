import { Module } from '@nestjs/common';
import { FleetModule } from '../fleet/fleet.module.js';
import { StatsModule } from '../stats/stats.module.js';
import { DriverAccountsController } from './driver-accounts.controller.js';
import { DriverAccountsService } from './driver-accounts.service.js';
import { DriverBoardController } from './driver-board.controller.js';
import { DriverBoardService } from './driver-board.service.js';
import { DriverOdometer } from './driver-odometer.js';
import { DriverTapsService } from './driver-taps.service.js';

/** Driver mode: /driver's board and taps, and the admin's driver accounts. */
@Module({
  imports: [StatsModule, FleetModule],
  controllers: [DriverBoardController, DriverAccountsController],
  providers: [DriverBoardService, DriverTapsService, DriverAccountsService, DriverOdometer],
})
export class DriversModule {}
