import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** Shorter national numbers are service codes or typos, never a mobile we can text. */
const MIN_NATIONAL_DIGITS = 8;

/**
 * An Australian or international number in E.164 form, or null when it cannot be one.
 * Deliberately lenient (plausible length, not libphonenumber's range tables): a stranded
 * driver's number in a newly allocated range must still get its text; Twilio has the final say.
 */
export function toE164(phone: string): string | null {
  const parsed = parsePhoneNumberFromString(phone, 'AU');
  return parsed?.isPossible() && parsed.nationalNumber.length >= MIN_NATIONAL_DIGITS ? parsed.number : null;
}
