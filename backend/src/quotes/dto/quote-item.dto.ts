import { IsIn, IsInt, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { MAX_QUOTE_CENTS, QUOTE_ITEM_CATEGORIES, QUOTE_MESSAGES, QUOTE_RULES, type QuoteItemCategory, type QuoteItemInput } from '@towing/contracts';
import { Optional } from '../../common/dto-rules.js';

/** One line of a quote (docs/rules.md, "Quotes and prices"): a description and a price above zero; the server works out its total. */
export class QuoteItemDto implements QuoteItemInput {
  @Optional() @IsString() @MaxLength(64) id?: string;

  @IsString({ message: QUOTE_MESSAGES.itemDetails })
  @MinLength(1, { message: QUOTE_MESSAGES.itemDetails })
  @MaxLength(200)
  description: string;

  @IsInt({ message: 'Quantity must be a whole number of at least 1' })
  @Min(1, { message: 'Quantity must be a whole number of at least 1' })
  @Max(QUOTE_RULES.maxQuantity, { message: `Quantity must be at most ${QUOTE_RULES.maxQuantity}` })
  quantity: number;

  @IsInt({ message: 'Unit price must be whole cents' })
  @Min(1, { message: QUOTE_MESSAGES.itemDetails })
  @Max(MAX_QUOTE_CENTS, { message: 'Unit price is too large' })
  unitPrice: number;

  @IsIn(QUOTE_ITEM_CATEGORIES, { message: `category must be one of ${QUOTE_ITEM_CATEGORIES.join(', ')}` })
  category: QuoteItemCategory;

  /** Sent by the spec's form; ignored: the server computes every total. */
  @Optional() @IsInt() total?: number;
}
