import { IsEmail, IsInt, IsISO8601, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import type { CreateEmergencyJobRequest } from '@towing/contracts';

export const PHONE_PATTERN = /^[0-9 +()-]+$/;

/**
 * The stranded driver's request. Only the phone is required; status, assignedTo, progress
 * and estimatedArrival are accepted for the spec's payload but the server decides them.
 */
export class CreateEmergencyJobDto implements CreateEmergencyJobRequest {
  @IsString({ message: 'Phone number required' })
  @MinLength(6, { message: 'Phone number required' })
  @MaxLength(20, { message: 'Please enter a valid phone number' })
  @Matches(PHONE_PATTERN, { message: 'Please enter a valid phone number' })
  phone: string;

  @IsOptional() @IsString() @MaxLength(100) customerName?: string;
  @IsOptional() @IsEmail({}, { message: 'Please enter a valid email address' }) @MaxLength(100) email?: string;
  @IsOptional() @IsString() @MaxLength(100) service?: string;
  @IsOptional() @IsString() @MaxLength(500) location?: string;
  @IsOptional() @IsString() @MaxLength(5000) notes?: string;
  @IsOptional() @IsString() @MaxLength(20) status?: string;
  @IsOptional() @IsString() @MaxLength(50) assignedTo?: string;
  @IsOptional() @IsISO8601({}, { message: 'estimatedArrival must be an ISO 8601 date-time' }) estimatedArrival?: string;
  @IsOptional() @IsInt() @Min(0) @Max(100) progress?: number;
}
