import { givenText, textOrNull } from './text.js';

describe('givenText', () => {
  it('is the typed text, trimmed, and nothing for a box left empty or only spaces', () => {
    expect(givenText('  Hilux, red  ')).toBe('Hilux, red');
    expect(givenText('   ')).toBeUndefined();
    expect(givenText('')).toBeUndefined();
    expect(givenText(null)).toBeUndefined();
    expect(givenText(undefined)).toBeUndefined();
  });
});

describe('textOrNull', () => {
  it('is the typed text, trimmed, and null for a box left empty or only spaces', () => {
    expect(textOrNull('  Hilux, red  ')).toBe('Hilux, red');
    expect(textOrNull('   ')).toBeNull();
    expect(textOrNull('')).toBeNull();
    expect(textOrNull(null)).toBeNull();
    expect(textOrNull(undefined)).toBeNull();
  });
});
