/** `tel:` links use the E.164 form so they dial correctly from roaming and overseas phones. */
export function telHref(phoneE164: string): string {
  return `tel:${phoneE164}`;
}
