import { IsEmail, IsIn, IsOptional, IsString, MaxLength, MinLength, ValidateBy } from 'class-validator';
import { BOOKING_SERVICES, BOOKING_TIME_SLOTS, type CreateBookingRequest, URGENCIES, type Urgency } from '@towing/contracts';
import { isCalendarDate, todayInPerth } from '../booking-time.js';

/** A calendar day that is today or later in Perth, whatever the server's own time zone. */
const IsTodayOrLaterInPerth = (message: string) =>
  ValidateBy({
    name: 'isTodayOrLaterInPerth',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isCalendarDate(value) && value >= todayInPerth(),
      defaultMessage: () => message,
    },
  });

/** The booking forms' rules (public spec, section 5), with their exact messages. */
export class CreateBookingDto implements CreateBookingRequest {
  @IsString({ message: 'Name must be at least 2 characters' })
  @MinLength(2, { message: 'Name must be at least 2 characters' })
  @MaxLength(100)
  customerName: string;

  @IsString({ message: 'Please enter a valid phone number' })
  @MinLength(10, { message: 'Please enter a valid phone number' })
  @MaxLength(20, { message: 'Please enter a valid phone number' })
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
  preferredTime: string;

  @IsOptional()
  @IsIn(URGENCIES, { message: `urgency must be one of ${URGENCIES.join(', ')}` })
  urgency?: Urgency;

  @IsString({ message: 'Please provide more details about your service needs' })
  @MinLength(10, { message: 'Please provide more details about your service needs' })
  @MaxLength(5000)
  description: string;

  @IsOptional() @IsString() @MaxLength(1000) vehicleDetails?: string;
}
