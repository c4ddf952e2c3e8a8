import { Module } from '@nestjs/common';
import { FleetContractsController } from './fleet-contracts.controller.js';
import { FleetContractsService } from './fleet-contracts.service.js';

@Module({ controllers: [FleetContractsController], providers: [FleetContractsService] })
export class FleetContractsModule {}
