import { Equals, IsString, MaxLength, MinLength } from 'class-validator';
import { type AcceptQuoteRequest, QUOTE_MESSAGES } from '@towing/contracts';

/** The customer's acceptance: their name as a signature, and the terms ticked. */
export class AcceptQuoteDto implements AcceptQuoteRequest {
  @IsString({ message: QUOTE_MESSAGES.acceptName })
  @MinLength(2, { message: QUOTE_MESSAGES.acceptName })
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  name: string;

  @Equals(true, { message: QUOTE_MESSAGES.acceptTerms })
  acceptTerms: boolean;
}
