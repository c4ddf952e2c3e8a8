import { Transform } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsISO8601, IsString, Matches, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { formatWholeNumber, isCalendarDate } from '@towing/contracts';
import { Optional } from '../../common/dto-rules.js';
import { MAX_ROW_ID } from '../../common/id-param.pipe.js';

type Decorator = PropertyDecorator;
const all =
  (...decorators: Decorator[]): Decorator =>
  (target, property) =>
    decorators.forEach((decorate) => decorate(target, property));

const trim = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Text that must be there: absent, not text, or only spaces all get the form's message. */
export function RequiredText(message: string, label: string, max: number): Decorator {
  return all(trim, IsString({ message }), Matches(/\S/, { message }), MaxLength(max, { message: `${label} must be at most ${max} characters` }));
}

/** Text that may be left out, blank or null. */
export function OptionalText(label: string, max: number): Decorator {
  return all(Optional(), trim, IsString({ message: `${label} must be text` }), MaxLength(max, { message: `${label} must be at most ${max} characters` }));
}

/** One of a fixed list; absent or blank gets `required`. */
export function OneOf(values: readonly string[], required: string, label: string): Decorator {
  return all(IsString({ message: required }), Matches(/\S/, { message: required }), IsIn(values, { message: `${label} must be one of ${values.join(', ')}` }));
}

/** A whole number within bounds, with the words for each way to miss. */
export function WholeNumber(
  label: string,
  min: number,
  max: number,
  tooLow = `${label} must be at least ${min}`,
  tooHigh = `${label} must be at most ${formatWholeNumber(max)}`,
): Decorator {
  return all(IsInt({ message: `${label} must be a whole number` }), Min(min, { message: tooLow }), Max(max, { message: tooHigh }));
}

/** Money in integer cents; up to a million dollars. */
export function Cents(label: string): Decorator {
  return all(
    IsInt({ message: `${label} must be a whole number of cents` }),
    Min(0, { message: `${label} cannot be negative` }),
    Max(100_000_000, { message: `${label} must be at most $1,000,000` }),
  );
}

/** A real calendar day, YYYY-MM-DD. */
export function Day(message: string): Decorator {
  return ValidateBy({ name: 'isDay', validator: { validate: (value: unknown) => typeof value === 'string' && isCalendarDate(value), defaultMessage: () => message } });
}

/** A list of short labels (modifications, features): each non-blank, no more than 100 of them. */
export function Labels(label: string): Decorator {
  return all(
    IsArray({ message: `${label} must be a list` }),
    IsString({ each: true, message: `${label} must be a list of text` }),
    Matches(/\S/, { each: true, message: `${label} cannot contain blank entries` }),
    MaxLength(100, { each: true, message: `Each of ${label} must be at most 100 characters` }),
    ValidateBy({ name: 'maxItems', validator: { validate: (value: unknown) => Array.isArray(value) && value.length <= 100, defaultMessage: () => `${label} can have at most 100 entries` } }),
  );
}

export function Flag(label: string): Decorator {
  return IsBoolean({ message: `${label} must be true or false` });
}

/** A new record's confirmation of an implausible odometer jump. */
export function ConfirmJump(): Decorator {
  return all(Optional(), Flag('confirmOdometerJump'));
}

/** An optional instant (a fill, a trip), ISO 8601; absent means now. */
export function Instant(label: string): Decorator {
  return all(Optional(), IsISO8601({ strict: true }, { message: `${label} must be an ISO 8601 date-time` }));
}

/** The truck a record belongs to (spec: vehicleId >= 1, 'Vehicle is required'). */
export function VehicleRef(): Decorator {
  const message = 'Vehicle is required';
  return all(IsInt({ message }), Min(1, { message }), Max(MAX_ROW_ID, { message }));
}
