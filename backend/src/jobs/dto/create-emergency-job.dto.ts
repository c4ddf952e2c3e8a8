import { IsEmail, IsInt, IsISO8601, IsString, Max, MaxLength, Min } from 'class-validator';
import type { CreateEmergencyJobRequest } from '@towing/contracts';
import { IsPhone, Optional } from '../../common/dto-rules.js';
import { SOS_PHONE } from './create-sos.dto.js';

/**
 * The spec's emergency payload for POST /api/jobs, the alias of POST /api/sos. status,
 * assignedTo, progress and estimatedArrival are accepted for the spec's shape but the server
 * decides them.
 */
export class CreateEmergencyJobDto implements CreateEmergencyJobRequest {
  @IsPhone(SOS_PHONE)
  phone: string;

  @Optional() @IsString() @MaxLength(100) customerName?: string;
  @Optional() @IsEmail({}, { message: 'Please enter a valid email address' }) @MaxLength(100) email?: string;
  @Optional() @IsString() @MaxLength(100) service?: string;
  @Optional() @IsString() @MaxLength(500) location?: string;
  @Optional() @IsString() @MaxLength(5000) notes?: string;
  @Optional() @IsString() @MaxLength(20) status?: string;
  @Optional() @IsString() @MaxLength(50) assignedTo?: string;
  @Optional() @IsISO8601({}, { message: 'estimatedArrival must be an ISO 8601 date-time' }) estimatedArrival?: string;
  @Optional() @IsInt() @Min(0) @Max(100) progress?: number;
}
