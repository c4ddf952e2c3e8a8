import { Transform } from 'class-transformer';
import { IsOptional, ValidateBy } from 'class-validator';
import { givenText, INVALID_PHONE_MESSAGE, looksLikePhoneInput, PHONE_MAX_LENGTH, toE164 } from '@towing/contracts';
import { MAX_ROW_ID } from './id-param.pipe.js';

const blankToAbsent = ({ value }: { value: unknown }) => (typeof value === 'string' && givenText(value) === undefined ? undefined : value);

/**
 * An optional field: absent, null or blank text ("", "  ") all mean "not given", so the SOS
 * form's empty email box is not an invalid email. Every DTO uses this instead of IsOptional.
 */
export function Optional(): PropertyDecorator {
  return (target, property) => {
    Transform(blankToAbsent)(target, property);
    IsOptional()(target, property);
  };
}

export interface PhoneRule {
  /** The form's words for a wrong number (default: the spec's 'Please enter a valid phone number'). */
  invalid?: string;
  /** The form's words for a missing or blank one (default: `invalid`). */
  required?: string;
  /**
   * Accept what the rule cannot read as long as it looks typed into a phone box. Only the SOS
   * does: a stranded driver's request is stored whatever they typed; the number is kept as
   * typed with no E.164 form, and what cannot be texted is recorded as failed.
   */
  acceptUnreadable?: boolean;
}

/**
 * The one phone rule (contracts' toE164): something a person could be called back on, at most
 * PHONE_MAX_LENGTH characters as typed, so every phone column can keep it. No DTO adds a length
 * of its own.
 */
export function IsPhone(rule: PhoneRule = {}): PropertyDecorator {
  const invalid = rule.invalid ?? INVALID_PHONE_MESSAGE;
  const accepts = (value: string) =>
    value.length <= PHONE_MAX_LENGTH && (toE164(value) !== null || (rule.acceptUnreadable === true && looksLikePhoneInput(value)));
  return ValidateBy({
    name: 'isPhone',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && accepts(value),
      defaultMessage: (args) => (typeof args?.value === 'string' && args.value.trim() !== '' ? invalid : (rule.required ?? invalid)),
    },
  });
}

/**
 * A row id given as text (a query parameter): a whole number from 1 to MAX_ROW_ID, as the path's
 * IdParamPipe takes it, so a larger one is a 400 here and never a database error.
 */
export function IsRowIdText(message: string): PropertyDecorator {
  return ValidateBy({
    name: 'isRowIdText',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_ROW_ID,
      defaultMessage: () => message,
    },
  });
}
