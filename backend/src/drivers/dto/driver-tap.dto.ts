import { IsIn, IsInt, IsISO8601, Max, Min, ValidateIf } from 'class-validator';
import { DRIVER_TAP_KINDS, type DriverTapKind, type DriverTapRequest, ETA_MINUTES_RANGE } from '@towing/contracts';
import { Optional } from '../../common/dto-rules.js';

/** Largest odometer a truck shows (a million km): anything above is a typo. */
const MAX_ODOMETER_KM = 999_999;

export class DriverTapDto implements DriverTapRequest {
  @IsIn(DRIVER_TAP_KINDS, { message: `kind must be one of ${DRIVER_TAP_KINDS.join(', ')}` })
  kind: DriverTapKind;

  @IsISO8601({ strict: true }, { message: 'madeAt must be the time of the tap (ISO 8601)' })
  madeAt: string;

  @ValidateIf((dto: DriverTapDto) => dto.kind === 'enRoute')
  @IsInt({ message: `Please enter an ETA of ${ETA_MINUTES_RANGE.min} to ${ETA_MINUTES_RANGE.max} minutes` })
  @Min(ETA_MINUTES_RANGE.min, { message: `Please enter an ETA of ${ETA_MINUTES_RANGE.min} to ${ETA_MINUTES_RANGE.max} minutes` })
  @Max(ETA_MINUTES_RANGE.max, { message: `Please enter an ETA of ${ETA_MINUTES_RANGE.min} to ${ETA_MINUTES_RANGE.max} minutes` })
  etaMinutes?: number;

  @Optional()
  @IsInt({ message: 'Odometer must be whole kilometres' })
  @Min(0, { message: 'Odometer cannot be negative' })
  @Max(MAX_ODOMETER_KM, { message: 'Odometer must be whole kilometres' })
  odometerKm?: number;
}
