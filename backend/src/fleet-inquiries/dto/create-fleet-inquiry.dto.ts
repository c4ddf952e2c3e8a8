import { IsEmail, IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { FLEET_SERVICES, FLEET_SIZES, type FleetInquiryRequest } from '@towing/contracts';
import { IsPhone, Optional } from '../../common/dto-rules.js';

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

  @IsPhone({ required: REQUIRED })
  phone: string;

  @Optional()
  @IsIn([...FLEET_SIZES, ''], { message: 'Please choose a fleet size from the list' })
  fleetSize?: string;

  /** Comma-joined as the form sends it; each must be one of the offered services. */
  @IsString({ message: REQUIRED })
  @MaxLength(500, { message: REQUIRED })
  @Matches(SERVICE_LIST, { message: 'Please select at least one service from the list' })
  services: string;

  @Optional()
  @IsString()
  @MaxLength(5000, { message: 'Requirements must be at most 5000 characters' })
  requirements?: string;
}
