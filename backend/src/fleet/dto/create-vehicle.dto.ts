import { IsIn } from 'class-validator';
import { type CreateVehicleRequest, FUEL_TYPES, TRUCK_DRIVERS, VEHICLE_CONDITIONS, VEHICLE_STATUSES, VEHICLE_TYPES, type VehicleCondition, type VehicleStatus } from '@towing/contracts';
import { Optional } from '../../common/dto-rules.js';
import { Day, Flag, Labels, OneOf, OptionalText, RequiredText, WholeNumber } from './fleet-rules.js';

/** The vehicle form (docs/rules.md, "Forms"). Km are whole kilometres. */
export class CreateVehicleDto implements CreateVehicleRequest {
  @RequiredText('Vehicle name is required', 'Vehicle name', 100) name: string;
  @RequiredText('Make is required', 'Make', 50) make: string;
  @RequiredText('Model is required', 'Model', 50) model: string;
  @Optional() @WholeNumber('Year', 1900, 2030, 'Year must be between 1900 and 2030', 'Year must be between 1900 and 2030') year?: number;
  @RequiredText('Registration is required', 'Registration', 20) registration: string;
  @OptionalText('VIN', 30) vin?: string | null;
  @OneOf(VEHICLE_TYPES, 'Vehicle type is required', 'Vehicle type') type: string;
  @Optional() @WholeNumber('Mileage', 0, 5_000_000, 'Mileage cannot be negative') mileage?: number;
  @Optional() @WholeNumber('Service interval', 1, 1_000_000, 'Service interval must be at least 1 km') serviceInterval?: number;
  @Optional() @WholeNumber('Service interval (months)', 1, 120, 'Service interval must be at least 1 month') serviceIntervalMonths?: number;
  @Optional() @IsIn(FUEL_TYPES, { message: `Fuel type must be one of ${FUEL_TYPES.join(', ')}` }) fuelType?: string;
  @OptionalText('Drive type', 20) driveType?: string;
  @OptionalText('Transmission', 50) transmission?: string | null;
  @OptionalText('Engine type', 50) engineType?: string | null;
  @OptionalText('Engine size', 20) engineSize?: string | null;
  @Optional() @Labels('Modifications') modifications?: string[];
  @Optional() @Labels('Special features') specialFeatures?: string[];
  @Optional() @IsIn([...VEHICLE_STATUSES, ...VEHICLE_CONDITIONS], { message: `Status must be one of ${VEHICLE_STATUSES.join(', ')}` }) status?: VehicleStatus | VehicleCondition;
  @Optional() @Flag('isActive') isActive?: boolean;
  @Optional() @Day('Last service date must be a date (YYYY-MM-DD)') lastServiceDate?: string | null;
  @Optional() @WholeNumber('Mileage at last service', 0, 5_000_000, 'Mileage at last service cannot be negative') lastServiceMileage?: number | null;
  @Optional() @Day('Next service must be a date (YYYY-MM-DD)') nextService?: string | null;
  @Optional() @IsIn(TRUCK_DRIVERS, { message: `Usual driver must be one of ${TRUCK_DRIVERS.join(', ')}` }) usualDriver?: string | null;
  @OptionalText('Towing capacity', 50) towingCapacity?: string | null;
  @OptionalText('GVM', 50) gvm?: string | null;
  @OptionalText('Alerts', 2000) alerts?: string | null;
  @OptionalText('Description', 5000) description?: string | null;
  @Optional() @Day('Insurance expiry must be a date (YYYY-MM-DD)') insuranceExpiry?: string | null;
  @Optional() @Day('Registration expiry must be a date (YYYY-MM-DD)') registrationExpiry?: string | null;
}
