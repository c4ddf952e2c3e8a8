import { Type } from 'class-transformer';
import { IsEmail, IsISO8601, IsNumber, IsObject, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { type CreateSosRequest, JOB_NOTES_MAX_LENGTH } from '@towing/contracts';
import { IsPhone, Optional } from '../../common/dto-rules.js';

export const SOS_PHONE = { required: 'Phone number required', acceptUnreadable: true };

class GpsFixDto implements NonNullable<CreateSosRequest['gps']> {
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'gps.lat must be a number of degrees' })
  @Min(-90, { message: 'gps.lat must be between -90 and 90' })
  @Max(90, { message: 'gps.lat must be between -90 and 90' })
  lat: number;

  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'gps.lng must be a number of degrees' })
  @Min(-180, { message: 'gps.lng must be between -180 and 180' })
  @Max(180, { message: 'gps.lng must be between -180 and 180' })
  lng: number;

  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'gps.accuracyM must be a number of metres' })
  @Min(0, { message: 'gps.accuracyM must be a number of metres' })
  @Max(1_000_000, { message: 'gps.accuracyM must be a number of metres' })
  accuracyM?: number;

  @Optional()
  @IsISO8601({ strict: true }, { message: 'gps.fixedAt must be an ISO 8601 date-time' })
  fixedAt?: string;
}

/** POST /api/sos: only the phone is required; the server decides everything else. */
export class CreateSosDto implements CreateSosRequest {
  @IsPhone(SOS_PHONE)
  phone: string;

  @Optional() @IsString() @MaxLength(100) customerName?: string;
  @Optional() @IsEmail({}, { message: 'Please enter a valid email address' }) @MaxLength(100) email?: string;
  @Optional() @IsString() @MaxLength(500) location?: string;
  @Optional() @IsString() @MaxLength(500) vehicle?: string;
  @Optional() @IsString() @MaxLength(2000) situation?: string;
  @Optional() @IsString() @MaxLength(JOB_NOTES_MAX_LENGTH) notes?: string;

  @Optional()
  @IsObject({ message: 'gps must be an object with lat and lng' })
  @ValidateNested()
  @Type(() => GpsFixDto)
  gps?: GpsFixDto;
}
