import { Transform } from 'class-transformer';
import { IsIn, IsISO8601, IsString, MaxLength, ValidateIf } from 'class-validator';
import { givenText, JOB_MEDIA_KINDS, type JobMediaFields, type JobMediaKind, SIGNED_BY_MAX_LENGTH, SIGNED_BY_MESSAGE } from '@towing/contracts';

/** The query of POST /api/jobs/:id/media: what the image is and when the phone made it. */
export class JobMediaFieldsDto implements JobMediaFields {
  @IsIn(JOB_MEDIA_KINDS, { message: `kind must be one of ${JOB_MEDIA_KINDS.join(', ')}` })
  kind: JobMediaKind;

  @IsISO8601({ strict: true }, { message: 'takenAt must be an ISO 8601 date-time' })
  takenAt: string;

  /** Required with a signature (blank is not given): the release names who signed. */
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? givenText(value) : value))
  @ValidateIf((fields: JobMediaFieldsDto) => fields.kind === 'signature' || fields.signedBy !== undefined)
  @IsString({ message: SIGNED_BY_MESSAGE })
  @MaxLength(SIGNED_BY_MAX_LENGTH, { message: `The name can be at most ${SIGNED_BY_MAX_LENGTH} characters` })
  signedBy?: string;
}
