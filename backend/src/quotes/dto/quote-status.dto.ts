import { IsIn } from 'class-validator';
import { QUOTE_STATUSES, type QuoteStatus, type QuoteStatusRequest } from '@towing/contracts';

/** Mark Accepted / Mark Rejected; the state machine decides what is allowed. */
export class QuoteStatusDto implements QuoteStatusRequest {
  @IsIn(QUOTE_STATUSES, { message: `status must be one of ${QUOTE_STATUSES.join(', ')}` })
  status: QuoteStatus;
}
