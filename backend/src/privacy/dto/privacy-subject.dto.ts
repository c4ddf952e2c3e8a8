import { IsEmail, MaxLength } from 'class-validator';
import type { PrivacySubjectQuery } from '@towing/contracts';
import { IsPhone, Optional } from '../../common/dto-rules.js';

/** One person: a phone number, an email address, or both (at least one; the controller checks). */
export class PrivacySubjectDto implements PrivacySubjectQuery {
  @Optional() @IsPhone() phone?: string;
  @Optional() @IsEmail({}, { message: 'Please enter a valid email address' }) @MaxLength(100) email?: string;
}
