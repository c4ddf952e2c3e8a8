import { IsIn, IsOptional } from 'class-validator';
import { BOOKING_STATUSES, type BookingStatus } from '@towing/contracts';

export class BookingsQueryDto {
  @IsOptional()
  @IsIn(BOOKING_STATUSES, { message: `status must be one of ${BOOKING_STATUSES.join(', ')}` })
  status?: BookingStatus;
}
