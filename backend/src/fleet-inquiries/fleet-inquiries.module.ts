import { Module } from '@nestjs/common';
import { FleetInquiriesController } from './fleet-inquiries.controller.js';
import { FleetInquiriesService } from './fleet-inquiries.service.js';

@Module({ controllers: [FleetInquiriesController], providers: [FleetInquiriesService] })
export class FleetInquiriesModule {}
