import { IsString, MaxLength, MinLength } from 'class-validator';
import type { LoginRequest } from '@towing/contracts';

export class LoginDto implements LoginRequest {
  @IsString() @MinLength(1, { message: 'Username is required' }) @MaxLength(50) username: string;
  @IsString() @MinLength(1, { message: 'Password is required' }) @MaxLength(128) password: string;
}
