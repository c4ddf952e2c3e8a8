import { IsIn } from 'class-validator';
import { BOOKING_STATUSES, type BookingStatus, type BookingsQuery } from '@towing/contracts';
import { Optional } from '../../common/dto-rules.js';

export class BookingsQueryDto implements BookingsQuery {
  @Optional()
  @IsIn(BOOKING_STATUSES, { message: `status must be one of ${BOOKING_STATUSES.join(', ')}` })
  status?: BookingStatus;
}
