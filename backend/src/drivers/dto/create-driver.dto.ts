import { IsEmail, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import type { CreateDriverRequest } from '@towing/contracts';
import { IsPhone } from '../../common/dto-rules.js';

/** The register form's rules: a driver account is an account, made by an admin. */
export class CreateDriverDto implements CreateDriverRequest {
  @IsString()
  @MinLength(3, { message: 'Username must be at least 3 characters' })
  @MaxLength(50, { message: 'Username must be at most 50 characters' })
  @Matches(/^[A-Za-z0-9._-]+$/, { message: 'Username may contain letters, numbers, dots, dashes and underscores' })
  username: string;

  @IsString()
  @MinLength(8, { message: 'Password must be at least 8 characters' })
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  password: string;

  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(100)
  email: string;

  @IsString() @MinLength(1, { message: 'First name is required' }) @MaxLength(50) firstName: string;
  @IsString() @MinLength(1, { message: 'Last name is required' }) @MaxLength(50) lastName: string;

  @IsPhone()
  phone: string;
}
