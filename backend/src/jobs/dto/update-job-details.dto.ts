import { Transform } from 'class-transformer';
import { IsISO8601, IsString, MaxLength, ValidateIf } from 'class-validator';
import { givenText, JOB_NOTES_MAX_LENGTH, type UpdateJobDetailsRequest } from '@towing/contracts';

/** Unlike `Optional()`, null (or blank text) is a value here: it clears the field. */
const blankToNull = ({ value }: { value: unknown }) => (typeof value === 'string' && givenText(value) === undefined ? null : value);
const given = (field: keyof UpdateJobDetailsRequest) => (dto: UpdateJobDetailsDto) => dto[field] !== undefined && dto[field] !== null;

/** The dispatcher's ETA and notes; an absent field is left as it is. */
export class UpdateJobDetailsDto implements UpdateJobDetailsRequest {
  @Transform(blankToNull)
  @ValidateIf(given('estimatedArrival'))
  @IsISO8601({ strict: true }, { message: 'Please enter a valid date and time' })
  estimatedArrival?: string | null;

  @Transform(blankToNull)
  @ValidateIf(given('notes'))
  @IsString({ message: 'Notes must be text' })
  @MaxLength(JOB_NOTES_MAX_LENGTH, { message: `Notes must be at most ${JOB_NOTES_MAX_LENGTH} characters` })
  notes?: string | null;
}
