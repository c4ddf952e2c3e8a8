import { IsIn } from 'class-validator';
import type { FleetRecordsQuery, VehiclesQuery } from '@towing/contracts';
import { IsRowIdText, Optional } from '../../common/dto-rules.js';

export class FleetRecordsQueryDto implements FleetRecordsQuery {
  @Optional() @IsRowIdText('vehicleId must be a vehicle id') vehicleId?: string;
}

export class VehiclesQueryDto implements VehiclesQuery {
  @Optional() @IsIn(['true', 'false'], { message: 'includeRemoved must be true or false' }) includeRemoved?: 'true' | 'false';
}
