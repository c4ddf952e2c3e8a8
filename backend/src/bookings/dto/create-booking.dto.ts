import { IsEmail, IsIn, IsString, MaxLength, MinLength, ValidateBy } from 'class-validator';
import { BOOKING_SERVICES, BOOKING_TIME_SLOTS, type CreateBookingRequest, URGENCIES, type Urgency } from '@towing/contracts';
import { IsPhone, Optional } from '../../common/dto-rules.js';
import { isCalendarDate, isSlotStillAhead, PAST_SLOT_MESSAGE, todayInPerth } from '@towing/contracts';

/** A calendar day that is today or later in Perth, whatever the server's own time zone. */
const IsTodayOrLaterInPerth = (message: string) =>
  ValidateBy({
    name: 'isTodayOrLaterInPerth',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isCalendarDate(value) && value >= todayInPerth(),
      defaultMessage: () => message,
    },
  });

/** A slot that has not begun yet on the chosen day; a day the other rule refuses is left to it. */
const IsSlotStillAhead = (message: string) =>
  ValidateBy({
    name: 'isSlotStillAhead',
    validator: {
      validate: (value: unknown, args) => {
        const date = (args?.object as { preferredDate?: unknown }).preferredDate;
        if (typeof value !== 'string' || !BOOKING_TIME_SLOTS.includes(value) || typeof date !== 'string' || !isCalendarDate(date)) return true;
        return isSlotStillAhead(date, value);
      },
      defaultMessage: () => message,
    },
  });

/** The booking forms' rules (docs/rules.md, "Forms"), with their exact messages. */
export class CreateBookingDto implements CreateBookingRequest {
  @IsString({ message: 'Name must be at least 2 characters' })
  @MinLength(2, { message: 'Name must be at least 2 characters' })
  @MaxLength(100)
  customerName: string;

  @IsPhone()
  phone: string;

  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(100, { message: 'Please enter a valid email address' })
  email: string;

  @IsIn(BOOKING_SERVICES, { message: 'Please select a service' })
  service: string;

  @IsString({ message: 'Please provide a detailed location' })
  @MinLength(5, { message: 'Please provide a detailed location' })
  @MaxLength(500)
  location: string;

  @IsString({ message: 'Please select a preferred date' })
  @MinLength(1, { message: 'Please select a preferred date' })
  @IsTodayOrLaterInPerth('Please select today or a later date')
  preferredDate: string;

  @IsIn(BOOKING_TIME_SLOTS, { message: 'Please select a preferred time' })
  @IsSlotStillAhead(PAST_SLOT_MESSAGE)
  preferredTime: string;

  @Optional()
  @IsIn(URGENCIES, { message: `urgency must be one of ${URGENCIES.join(', ')}` })
  urgency?: Urgency;

  @IsString({ message: 'Please provide more details about your service needs' })
  @MinLength(10, { message: 'Please provide more details about your service needs' })
  @MaxLength(5000)
  description: string;

  @Optional() @IsString() @MaxLength(1000) vehicleDetails?: string;
}
