import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsISO8601, IsNumber, Max, Min, ValidateNested } from 'class-validator';
import { POSITION_BATCH_MAX, type PositionBatchRequest, type PositionFix } from '@towing/contracts';
import { Optional } from '../../common/dto-rules.js';

class PositionFixDto implements PositionFix {
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'lat must be a number of degrees' })
  @Min(-90, { message: 'lat must be between -90 and 90' })
  @Max(90, { message: 'lat must be between -90 and 90' })
  lat: number;

  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'lng must be a number of degrees' })
  @Min(-180, { message: 'lng must be between -180 and 180' })
  @Max(180, { message: 'lng must be between -180 and 180' })
  lng: number;

  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'accuracyM must be a number of metres' })
  @Min(0, { message: 'accuracyM must be a number of metres' })
  @Max(1_000_000, { message: 'accuracyM must be a number of metres' })
  accuracyM?: number;

  @IsISO8601({ strict: true }, { message: 'fixedAt must be an ISO 8601 date-time' })
  fixedAt: string;
}

export class PositionBatchDto implements PositionBatchRequest {
  @IsArray({ message: 'fixes must be a list of positions' })
  @ArrayMinSize(1, { message: 'fixes must hold at least one position' })
  @ArrayMaxSize(POSITION_BATCH_MAX, { message: `fixes can hold at most ${POSITION_BATCH_MAX} positions` })
  @ValidateNested({ each: true })
  @Type(() => PositionFixDto)
  fixes: PositionFixDto[];
}
