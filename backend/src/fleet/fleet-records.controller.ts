import { Body, Controller, HttpCode, Param, Query } from '@nestjs/common';
import type { FleetExpense, FuelRecord, MileageRecord, ServiceRecord } from '@towing/contracts';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { IdParamPipe } from '../common/id-param.pipe.js';
import { CreateFleetExpenseDto } from './dto/create-fleet-expense.dto.js';
import { CreateFuelRecordDto } from './dto/create-fuel-record.dto.js';
import { CreateMileageRecordDto } from './dto/create-mileage-record.dto.js';
import { CreateServiceRecordDto } from './dto/create-service-record.dto.js';
import { FleetRecordsQueryDto } from './dto/fleet-queries.dto.js';
import { FleetRecordsService } from './fleet-records.service.js';

/** The four kinds of record kept per truck: list (all trucks or ?vehicleId=), create, delete. */
@Controller()
export class FleetRecordsController {
  constructor(private readonly records: FleetRecordsService) {}

  @Endpoint('GET /api/service-records')
  @Access('admin')
  listServices(@Query() query: FleetRecordsQueryDto): Promise<ServiceRecord[]> {
    return this.records.listServices(query.vehicleId);
  }

  @Endpoint('POST /api/service-records')
  @Access('admin')
  @HttpCode(201)
  createService(@Body() dto: CreateServiceRecordDto): Promise<ServiceRecord> {
    return this.records.createService(dto);
  }

  @Endpoint('DELETE /api/service-records/:id')
  @Access('admin')
  @HttpCode(204)
  removeService(@Param('id', IdParamPipe) id: number): Promise<void> {
    return this.records.removeService(id);
  }

  @Endpoint('GET /api/fuel-records')
  @Access('admin')
  listFuel(@Query() query: FleetRecordsQueryDto): Promise<FuelRecord[]> {
    return this.records.listFuel(query.vehicleId);
  }

  @Endpoint('POST /api/fuel-records')
  @Access('admin')
  @HttpCode(201)
  createFuel(@Body() dto: CreateFuelRecordDto): Promise<FuelRecord> {
    return this.records.createFuel(dto);
  }

  @Endpoint('DELETE /api/fuel-records/:id')
  @Access('admin')
  @HttpCode(204)
  removeFuel(@Param('id', IdParamPipe) id: number): Promise<void> {
    return this.records.removeFuel(id);
  }

  @Endpoint('GET /api/mileage-records')
  @Access('admin')
  listMileage(@Query() query: FleetRecordsQueryDto): Promise<MileageRecord[]> {
    return this.records.listMileage(query.vehicleId);
  }

  @Endpoint('POST /api/mileage-records')
  @Access('admin')
  @HttpCode(201)
  createMileage(@Body() dto: CreateMileageRecordDto): Promise<MileageRecord> {
    return this.records.createMileage(dto);
  }

  @Endpoint('DELETE /api/mileage-records/:id')
  @Access('admin')
  @HttpCode(204)
  removeMileage(@Param('id', IdParamPipe) id: number): Promise<void> {
    return this.records.removeMileage(id);
  }

  @Endpoint('GET /api/fleet-expenses')
  @Access('admin')
  listExpenses(@Query() query: FleetRecordsQueryDto): Promise<FleetExpense[]> {
    return this.records.listExpenses(query.vehicleId);
  }

  @Endpoint('POST /api/fleet-expenses')
  @Access('admin')
  @HttpCode(201)
  createExpense(@Body() dto: CreateFleetExpenseDto): Promise<FleetExpense> {
    return this.records.createExpense(dto);
  }

  @Endpoint('DELETE /api/fleet-expenses/:id')
  @Access('admin')
  @HttpCode(204)
  removeExpense(@Param('id', IdParamPipe) id: number): Promise<void> {
    return this.records.removeExpense(id);
  }
}
