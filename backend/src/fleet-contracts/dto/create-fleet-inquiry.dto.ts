import { IsEmail, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { FLEET_SERVICES, FLEET_SIZES, type FleetInquiryRequest } from '@towing/contracts';
import { PHONE_PATTERN } from '../../jobs/dto/create-emergency-job.dto.js';

const REQUIRED = 'Please fill in all required fields';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ONE_SERVICE = `(?:${FLEET_SERVICES.map(escapeRegExp).join('|')})`;
const SERVICE_LIST = new RegExp(`^${ONE_SERVICE}(?:\\s*,\\s*${ONE_SERVICE})*$`);

export class CreateFleetInquiryDto implements FleetInquiryRequest {
  @IsString({ message: REQUIRED })
  @Matches(/\S/, { message: REQUIRED })
  @MaxLength(200, { message: 'Company name must be at most 200 characters' })
  companyName: string;

  @IsString({ message: REQUIRED })
  @Matches(/\S/, { message: REQUIRED })
  @MaxLength(100, { message: 'Contact name must be at most 100 characters' })
  contactName: string;

  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(100, { message: 'Please enter a valid email address' })
  email: string;

  @IsString({ message: REQUIRED })
  @MinLength(6, { message: 'Please enter a valid phone number' })
  @MaxLength(20, { message: 'Please enter a valid phone number' })
  @Matches(PHONE_PATTERN, { message: 'Please enter a valid phone number' })
  phone: string;

  @IsOptional()
  @IsIn([...FLEET_SIZES, ''], { message: 'Please choose a fleet size from the list' })
  fleetSize?: string;

  /** Comma-joined as the form sends it; each must be one of the offered services. */
  @IsString({ message: REQUIRED })
  @MaxLength(500, { message: REQUIRED })
  @Matches(SERVICE_LIST, { message: 'Please select at least one service from the list' })
  services: string;

  @IsOptional()
  @IsString()
  @MaxLength(5000, { message: 'Requirements must be at most 5000 characters' })
  requirements?: string;
}
