import { LOCATION_MULTIPLIERS, PRICES, townSurchargePercent } from './catalogue.js';
import { formatMoney, percentOf, priceQuote } from './pricing.js';

describe('town surcharges, from the quote multipliers', () => {
  it('says each town’s multiplier as the percent the town pages show', () => {
    expect(townSurchargePercent('Karratha')).toBe(0);
    expect(townSurchargePercent('Dampier')).toBe(20);
    expect(townSurchargePercent('Tom Price')).toBe(40);
    for (const { town, hundredths } of LOCATION_MULTIPLIERS) expect(townSurchargePercent(town)).toBe(hundredths - 100);
  });

  it('prices a town page’s figure as the quote form prices the same item there', () => {
    for (const town of ['Dampier', 'Tom Price'] as const) {
      for (const price of [PRICES.recoveryBasic, PRICES.recoveryComplex, PRICES.recoveryExtreme]) {
        const quoted = priceQuote({ items: [{ quantity: 1, unitPrice: price }], fromLocation: town });
        expect(price + percentOf(price, townSurchargePercent(town))).toBe(quoted.finalPrice);
      }
    }
  });

  it('gives the spec’s town-page figures', () => {
    const tomPrice = (cents: number) => formatMoney(cents + percentOf(cents, townSurchargePercent('Tom Price')), { wholeDollars: true });
    expect([PRICES.recoveryBasic, PRICES.recoveryComplex, PRICES.recoveryExtreme].map(tomPrice)).toEqual(['$532', '$910', '$1,330']);
  });
});
