import { IsBoolean, IsIn, IsISO8601, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { ANNOUNCEMENT_TYPES, type AnnouncementInput, type AnnouncementType, type AnnouncementsQuery } from '@towing/contracts';
import { Optional } from '../../common/dto-rules.js';

/** The announcement form (docs/rules.md, "Forms"): title and message required, expiry optional. */
export class AnnouncementInputDto implements AnnouncementInput {
  @IsString({ message: 'Title is required' })
  @MinLength(1, { message: 'Title is required' })
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  title: string;

  @IsString({ message: 'Message is required' })
  @MinLength(1, { message: 'Message is required' })
  @MaxLength(5000, { message: 'Message must be at most 5000 characters' })
  message: string;

  @IsIn(ANNOUNCEMENT_TYPES, { message: `type must be one of ${ANNOUNCEMENT_TYPES.join(', ')}` })
  type: AnnouncementType;

  @IsBoolean() active: boolean;
  @IsBoolean() showAsPopup: boolean;
  @IsBoolean() showInSidebar: boolean;

  @Optional()
  @ValidateIf((_object, value) => value !== null)
  @IsISO8601({ strict: true }, { message: 'expiresAt must be an ISO 8601 date-time' })
  expiresAt?: string | null;
}

export class AnnouncementsQueryDto implements AnnouncementsQuery {
  @Optional() @IsIn(['true', 'false'], { message: 'active must be true or false' }) active?: 'true' | 'false';
}
