import { IsInt, Max, Min } from 'class-validator';
import { DRIVERS, type DriversAvailability } from '@towing/contracts';

export class UpdateDriversDto implements DriversAvailability {
  @IsInt({ message: 'available must be a whole number' })
  @Min(DRIVERS.min, { message: `available must be between ${DRIVERS.min} and ${DRIVERS.max}` })
  @Max(DRIVERS.max, { message: `available must be between ${DRIVERS.min} and ${DRIVERS.max}` })
  available: number;
}
