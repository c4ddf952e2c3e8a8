import { IsString, MaxLength } from 'class-validator';
import { INVALID_PHONE_MESSAGE, type JobInvoicesQuery, PHONE_MAX_LENGTH } from '@towing/contracts';
import { Optional } from '../../common/dto-rules.js';

export class JobInvoicesQueryDto implements JobInvoicesQuery {
  @Optional() @IsString() @MaxLength(10) last4?: string;
  @Optional() @IsString() @MaxLength(100) token?: string;
  /** A proof, not a number we keep: one the phone rule cannot read just finds nothing, one longer than any phone is refused. */
  @Optional() @IsString() @MaxLength(PHONE_MAX_LENGTH, { message: INVALID_PHONE_MESSAGE }) phone?: string;
}
