import { IsEmail, IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { CONTACT_SERVICES, type ContactRequest } from '@towing/contracts';
import { IsPhone } from '../../common/dto-rules.js';

export class CreateContactDto implements ContactRequest {
  @IsString({ message: 'First name is required' })
  @Matches(/\S/, { message: 'First name is required' })
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  firstName: string;

  @IsString({ message: 'Last name is required' })
  @Matches(/\S/, { message: 'Last name is required' })
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  lastName: string;

  @IsPhone()
  phone: string;

  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(100, { message: 'Please enter a valid email address' })
  email: string;

  @IsIn(CONTACT_SERVICES, { message: 'Please select a service' })
  serviceNeeded: string;

  @IsString({ message: 'Message is required' })
  @Matches(/\S/, { message: 'Message is required' })
  @MaxLength(5000, { message: 'Message must be at most 5000 characters' })
  message: string;
}
