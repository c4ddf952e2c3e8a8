import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Shorter national numbers are service codes or typos, never a phone we can call back. */
const MIN_NATIONAL_DIGITS = 8;
/**
 * The longest phone number a person may type, spaces and punctuation included
 * ("+61 (0) 412 - 345 - 678"): every column that keeps a typed number holds this many characters.
 */
export const PHONE_MAX_LENGTH = 30;
/** What a person may type into a phone box: digits, spaces, + ( ) . and -. */
const TYPED_PHONE = new RegExp(`^[0-9 +().-]{6,${PHONE_MAX_LENGTH}}$`);

/**
 * The one phone rule: a number as typed ("0412 345 678", "+61 412 345 678", "(08) 9185 1234")
 * in E.164 form, or null when it cannot be a phone number. Numbers without a country code are
 * Australian. Deliberately lenient (plausible length, not libphonenumber's range tables, which
 * lag new allocations): a stranded driver's number must be accepted; Twilio has the final say.
 */
export function toE164(typed: string): string | null {
  const known = recentlyRead.get(typed);
  if (known !== undefined) return known;
  const e164 = readE164(typed);
  if (recentlyRead.size >= REMEMBERED_NUMBERS) recentlyRead.delete(recentlyRead.keys().next().value!);
  recentlyRead.set(typed, e164);
  return e164;
}

/**
 * The latest numbers read, and what they read as: one SOS's phone is read when it is validated,
 * counted and stored, and libphonenumber's parse is what costs; so a number is parsed once.
 */
const recentlyRead = new Map<string, string | null>();
const REMEMBERED_NUMBERS = 512;

function readE164(typed: string): string | null {
  const trimmed = typed.trim();
  if (!TYPED_PHONE.test(trimmed)) return null;
  const parsed = parsePhoneNumberFromString(trimmed, 'AU');
  return parsed?.isPossible() && parsed.nationalNumber.length >= MIN_NATIONAL_DIGITS ? parsed.number : null;
}

/** Something typed into a phone box: phone characters only, 6 to PHONE_MAX_LENGTH of them. */
export function looksLikePhoneInput(typed: string): boolean {
  return TYPED_PHONE.test(typed.trim());
}

/** What every form and the API say of a phone number they will not take (docs/rules.md, "Forms"). */
export const INVALID_PHONE_MESSAGE = 'Please enter a valid phone number';
/** docs/rules.md, "Forms": the forms want a phone of at least 10 characters. */
const FORM_PHONE_MIN_LENGTH = 10;

/**
 * The forms' phone check before anything is sent: the spec's message when the number is under
 * 10 characters or longer than the API takes, else null. The API then applies the whole rule
 * (toE164) and names the field if it still cannot read the number.
 */
export function formPhoneError(typed: string | null | undefined): string | null {
  const length = (typed ?? '').trim().length;
  return length >= FORM_PHONE_MIN_LENGTH && length <= PHONE_MAX_LENGTH ? null : INVALID_PHONE_MESSAGE;
}

/** The last four digits, the proof of ownership a caller can give without revealing the number. */
export function lastFourDigits(phone: string): string {
  return phone.replace(/\D/g, '').slice(-4);
}

/**
 * `tel:` links use the E.164 form so they dial correctly from roaming and overseas phones.
 * It takes the stored E.164 form rather than parsing, so a page with a call button does not
 * download the phone-number tables.
 */
export function telHref(phoneE164: string): string {
  return `tel:${phoneE164}`;
}

/**
 * The call link for a number stored both ways (a job's typed phone beside its E.164 form): the
 * E.164 form when there is one, else the typed digits, so a number the phone rule could not
 * read is still one tap away rather than a link that dials nothing.
 */
export function telHrefFor(typed: string, phoneE164: string | null): string {
  return telHref(phoneE164 ?? typed.replace(/[^\d+]/g, ''));
}

/** An `sms:` link to a number (E.164) with the text filled in, ready for the sender to finish. */
export function smsHref(phoneE164: string, body: string): string {
  return `sms:${phoneE164}?body=${encodeURIComponent(body)}`;
}

/**
 * Whether a number (E.164) can take a text: an Australian mobile (+614), or a number from
 * abroad, which we cannot tell apart and let the SMS provider decide. Landlines cannot.
 */
export function canReceiveSms(phoneE164: string | null): boolean {
  if (!phoneE164) return false;
  return !phoneE164.startsWith('+61') || phoneE164.startsWith('+614');
}
