import { IsIn } from 'class-validator';
import { type CreateFuelRecordRequest, FILL_TYPES, type FillType, FUEL_TYPES } from '@towing/contracts';
import { Optional } from '../../common/dto-rules.js';
import { Cents, ConfirmJump, Instant, OneOf, OptionalText, RequiredText, WholeNumber, VehicleRef } from './fleet-rules.js';

/** The fuel form (docs/rules.md, "Forms"). Litres in thousandths, money in cents. */
export class CreateFuelRecordDto implements CreateFuelRecordRequest {
  @VehicleRef() vehicleId: number;
  @Instant('Date and time') dateTime?: string;
  @RequiredText('Location is required', 'Location', 500) location: string;
  @OneOf(FUEL_TYPES, 'Fuel type is required', 'Fuel type') fuelType: string;
  /** 0.1 L is 100 thousandths; 2,000 L is more than any road tanker hands a truck. */
  @WholeNumber('Liters', 100, 2_000_000, 'Liters must be at least 0.1') liters: number;
  @Optional() @Cents('Price per liter') pricePerLiter?: number;
  @Cents('Cost') totalCost: number;
  @WholeNumber('Kilometers', 0, 5_000_000, 'Kilometers cannot be negative') odometerReading: number;
  @Optional() @IsIn(FILL_TYPES, { message: `Fill type must be one of ${FILL_TYPES.join(', ')}` }) fillType?: FillType;
  @OptionalText('Driver', 100) driver?: string | null;
  @OptionalText('Receipt', 500) receipt?: string | null;
  @OptionalText('Notes', 5000) notes?: string | null;
  @ConfirmJump() confirmOdometerJump?: boolean;
}
