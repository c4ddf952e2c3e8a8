/**
 * What someone typed into an optional box, trimmed; undefined when they typed nothing but
 * spaces. The one rule for "not given", on every form and in the API.
 */
export function givenText(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** {@link givenText} for a nullable column: null, not undefined, when nothing was typed. */
export function textOrNull(value: string | null | undefined): string | null {
  return givenText(value) ?? null;
}
