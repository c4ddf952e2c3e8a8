import fc from 'fast-check';
import { centsToDecimal } from './accounting.js';
import { parseMoneyInput } from './pricing.js';

describe('centsToDecimal', () => {
  it('writes cents exactly, sign and all', () => {
    expect([0, 5, -5, 100, 123_456, -100_001].map(centsToDecimal)).toEqual(['0.00', '0.05', '-0.05', '1.00', '1234.56', '-1000.01']);
  });

  it('reads back to the same cents for any amount', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => parseMoneyInput(centsToDecimal(cents)) === cents));
  });

  it('refuses what is not whole cents', () => {
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });
});
