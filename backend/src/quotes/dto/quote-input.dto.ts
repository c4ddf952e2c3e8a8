import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  Equals,
  IsArray,
  IsEmail,
  IsInt,
  IsISO8601,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { MAX_DISCOUNT_PERCENT, MAX_QUOTE_CENTS, QUOTE_MESSAGES, QUOTE_RULES, type QuoteInput } from '@towing/contracts';
import { IsPhone, Optional } from '../../common/dto-rules.js';
import { QuoteItemDto } from './quote-item.dto.js';

/**
 * The quote form (docs/rules.md, "Quotes and prices"). The figures the spec's form computes are
 * accepted and ignored; validUntil follows from validDays.
 */
export class QuoteInputDto implements QuoteInput {
  @IsString({ message: QUOTE_MESSAGES.customerDetails })
  @MinLength(1, { message: QUOTE_MESSAGES.customerDetails })
  @MaxLength(100)
  customerName: string;

  @IsPhone({ required: QUOTE_MESSAGES.customerDetails })
  customerPhone: string;

  @Optional() @IsEmail({}, { message: 'Please enter a valid email address' }) @MaxLength(100) customerEmail?: string;
  @Optional() @IsString() @MaxLength(100) vehicleType?: string;
  @Optional() @IsString() @MaxLength(100) service?: string;
  @Optional() @IsString() @MaxLength(500) fromLocation?: string;
  @Optional() @IsString() @MaxLength(500) toLocation?: string;

  @Optional()
  @IsInt({ message: 'Distance must be whole kilometres' })
  @Min(0, { message: 'Distance cannot be negative' })
  @Max(10_000, { message: 'Distance must be at most 10,000 km' })
  distance?: number;

  @Optional() @IsString() @MaxLength(5000) notes?: string;

  @Optional()
  @IsInt({ message: 'Discount must be a whole percent between 0 and 50' })
  @Min(0, { message: 'Discount must be a whole percent between 0 and 50' })
  @Max(MAX_DISCOUNT_PERCENT, { message: 'Discount must be a whole percent between 0 and 50' })
  discountPercent?: number;

  @Optional()
  @IsInt({ message: `Valid days must be between 1 and ${QUOTE_RULES.maxValidDays}` })
  @Min(1, { message: `Valid days must be between 1 and ${QUOTE_RULES.maxValidDays}` })
  @Max(QUOTE_RULES.maxValidDays, { message: `Valid days must be between 1 and ${QUOTE_RULES.maxValidDays}` })
  validDays?: number;

  @IsArray({ message: QUOTE_MESSAGES.atLeastOneItem })
  @ArrayMinSize(1, { message: QUOTE_MESSAGES.atLeastOneItem })
  @ArrayMaxSize(QUOTE_RULES.maxItems, { message: `A quote can have at most ${QUOTE_RULES.maxItems} items` })
  @ValidateNested({ each: true })
  @Type(() => QuoteItemDto)
  items: QuoteItemDto[];

  @Optional()
  @IsInt({ message: 'Deposit must be whole cents' })
  @Min(0, { message: 'Deposit cannot be negative' })
  @Max(MAX_QUOTE_CENTS, { message: 'Deposit is too large' })
  depositAmount?: number | null;

  @Optional() @IsInt() itemsSubtotal?: number;
  @Optional() @IsInt() basePrice?: number;
  @Optional() @IsInt() discountAmount?: number;
  @Optional() @IsInt() finalPrice?: number;
  @Optional() @IsISO8601() validUntil?: string;
  @Optional() @Equals('draft', { message: 'New and edited quotes are saved as draft' }) status?: 'draft';
}
