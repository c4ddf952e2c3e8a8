import { Body, Controller, HttpCode, Param, Query } from '@nestjs/common';
import type { Vehicle } from '@towing/contracts';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { IdParamPipe } from '../common/id-param.pipe.js';
import { CreateVehicleDto } from './dto/create-vehicle.dto.js';
import { VehiclesQueryDto } from './dto/fleet-queries.dto.js';
import { UpdateVehicleDto } from './dto/update-vehicle.dto.js';
import { VehiclesService } from './vehicles.service.js';

@Controller()
export class VehiclesController {
  constructor(private readonly vehicles: VehiclesService) {}

  @Endpoint('GET /api/vehicles')
  @Access('admin')
  list(@Query() query: VehiclesQueryDto): Promise<Vehicle[]> {
    return this.vehicles.list(query.includeRemoved === 'true');
  }

  @Endpoint('POST /api/vehicles')
  @Access('admin')
  @HttpCode(201)
  create(@Body() dto: CreateVehicleDto): Promise<Vehicle> {
    return this.vehicles.create(dto);
  }

  @Endpoint('PUT /api/vehicles/:id')
  @Access('admin')
  update(@Param('id', IdParamPipe) id: number, @Body() dto: UpdateVehicleDto): Promise<Vehicle> {
    return this.vehicles.update(id, dto);
  }

  @Endpoint('DELETE /api/vehicles/:id')
  @Access('admin')
  @HttpCode(204)
  remove(@Param('id', IdParamPipe) id: number): Promise<void> {
    return this.vehicles.remove(id);
  }
}
