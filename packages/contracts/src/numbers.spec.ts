import { formatWholeNumber } from './numbers.js';

describe('formatWholeNumber', () => {
  it('groups thousands as en-AU does', () => {
    expect(formatWholeNumber(0)).toBe('0');
    expect(formatWholeNumber(999)).toBe('999');
    expect(formatWholeNumber(1330)).toBe('1,330');
    expect(formatWholeNumber(1234567)).toBe('1,234,567');
    expect(formatWholeNumber(-2500)).toBe('-2,500');
  });

  it('rounds to whole first', () => {
    expect(formatWholeNumber(12345.6)).toBe('12,346');
    expect(formatWholeNumber(-0.4)).toBe('0');
  });

  it('writes what toLocaleString("en-AU") writes for every whole number', () => {
    for (const value of [1, 12, 123, 1000, 9999, 10000, 100000, 999999, 1000000, 25000000, 123456789012, Number.MAX_SAFE_INTEGER, -1, -1000, -987654321]) {
      expect(formatWholeNumber(value)).toBe(value.toLocaleString('en-AU'));
    }
  });
});
