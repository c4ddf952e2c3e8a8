import type { CreateMileageRecordRequest } from '@towing/contracts';
import { Optional } from '../../common/dto-rules.js';
import { ConfirmJump, Instant, OptionalText, WholeNumber, VehicleRef } from './fleet-rules.js';

/** A trip, or the odometer at the end of a job. Km are whole kilometres. */
export class CreateMileageRecordDto implements CreateMileageRecordRequest {
  @VehicleRef() vehicleId: number;
  @Instant('Date and time') dateTime?: string;
  @Optional() @WholeNumber('Start odometer', 0, 5_000_000, 'Start odometer cannot be negative') startOdometer?: number;
  @WholeNumber('Odometer', 0, 5_000_000, 'Odometer cannot be negative') endOdometer: number;
  @OptionalText('Purpose', 200) purpose?: string | null;
  @OptionalText('Job', 32) jobId?: string | null;
  @OptionalText('Start location', 500) startLocation?: string | null;
  @OptionalText('End location', 500) endLocation?: string | null;
  @OptionalText('Driver', 100) driver?: string | null;
  @OptionalText('Notes', 5000) notes?: string | null;
  @ConfirmJump() confirmOdometerJump?: boolean;
}
