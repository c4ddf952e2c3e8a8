import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** An Australian or international number in E.164 form, or null when it cannot be one. */
export function toE164(phone: string): string | null {
  const parsed = parsePhoneNumberFromString(phone, 'AU');
  return parsed?.isValid() ? parsed.number : null;
}
