import fc from 'fast-check';
import { LOCATION_MULTIPLIERS, PRICES } from './catalogue.js';
import { divideRoundHalfUp, formatMoney, gstIncluded, locationMultiplier, MAX_QUOTE_CENTS, moneyInputOf, parseMoneyInput, priceQuote, routeMultiplier } from './pricing.js';

const towns = LOCATION_MULTIPLIERS.map((entry) => entry.town);
const location = fc.oneof(
  fc.constantFrom(...towns),
  fc.constantFrom(...towns).map((town) => `Millstream Rd, 60 km out of ${town}`),
  fc.string({ maxLength: 30 }),
  fc.constant(''),
);
const item = fc.record({ quantity: fc.integer({ min: 1, max: 100 }), unitPrice: fc.integer({ min: 1, max: 5_000_000 }) });
const quote = fc.record({
  items: fc.array(item, { minLength: 1, maxLength: 20 }),
  fromLocation: location,
  toLocation: location,
  discountPercent: fc.integer({ min: 0, max: 50 }),
  depositAmount: fc.option(fc.integer({ min: 0, max: MAX_QUOTE_CENTS }), { nil: undefined }),
});

describe('priceQuote, for any items, route, discount and deposit', () => {
  it('never gives a negative or fractional figure', () => {
    fc.assert(
      fc.property(quote, (input) => {
        const price = priceQuote(input);
        const figures = [price.itemsSubtotal, price.basePrice, price.discountAmount, price.finalPrice, price.depositAmount, price.balanceAmount, price.gstIncluded];
        return figures.every((figure) => Number.isSafeInteger(figure) && figure >= 0);
      }),
    );
  });

  it('keeps final = base - discount and deposit + balance = final exactly', () => {
    fc.assert(
      fc.property(quote, (input) => {
        const price = priceQuote(input);
        return price.finalPrice === price.basePrice - price.discountAmount && price.depositAmount + price.balanceAmount === price.finalPrice;
      }),
    );
  });

  it('totals the items as quantity x unit price and applies the larger route multiplier', () => {
    fc.assert(
      fc.property(quote, (input) => {
        const price = priceQuote(input);
        const subtotal = input.items.reduce((sum, { quantity, unitPrice }) => sum + quantity * unitPrice, 0);
        const multiplier = Math.max(locationMultiplier(input.fromLocation), locationMultiplier(input.toLocation));
        // Half-up rounding: base is within half a cent of the exact product, and not below it when exactly half.
        const exact = (subtotal * multiplier) / 100;
        return price.itemsSubtotal === subtotal && price.multiplierHundredths === multiplier && Math.abs(price.basePrice - exact) <= 0.5;
      }),
    );
  });

  it('never discounts more than half the base price, and a bigger discount never raises the price', () => {
    fc.assert(
      fc.property(quote, fc.integer({ min: 0, max: 49 }), (input, percent) => {
        const lower = priceQuote({ ...input, discountPercent: percent });
        const higher = priceQuote({ ...input, discountPercent: percent + 1 });
        return higher.finalPrice <= lower.finalPrice && higher.discountAmount * 2 <= higher.basePrice + 1;
      }),
    );
  });

  it('defaults the deposit to 30% of the final price and never asks more than the final price', () => {
    fc.assert(
      fc.property(quote, (input) => {
        const price = priceQuote(input);
        if (input.depositAmount === undefined) return price.depositAmount === divideRoundHalfUp(price.finalPrice * 30, 100);
        return price.depositAmount === Math.min(input.depositAmount, price.finalPrice);
      }),
    );
  });
});

describe("the spec's own figures", () => {
  const single = (unitPrice: number, fromLocation = 'Karratha', toLocation = '') => priceQuote({ items: [{ quantity: 1, unitPrice }], fromLocation, toLocation });

  it('prices recovery to Tom Price with its 1.4 multiplier as the Tom Price page does ($532, $910, $1,330)', () => {
    expect(single(PRICES.recoveryBasic, 'Karratha', 'Tom Price').basePrice).toBe(53_200);
    expect(single(PRICES.recoveryComplex, 'Karratha', 'Tom Price').basePrice).toBe(91_000);
    expect(single(PRICES.recoveryExtreme, 'Tom Price', 'Karratha').basePrice).toBe(133_000);
  });

  it('prices Dampier at +20% as the Dampier page does ($456, $780, $1,140)', () => {
    expect(single(38_000, 'Dampier').basePrice).toBe(45_600);
    expect(single(65_000, 'Dampier').basePrice).toBe(78_000);
    expect(single(95_000, 'Dampier').basePrice).toBe(114_000);
  });

  it('drafts the auto quote at 350 with no discount: subtotal, base and final all 350, deposit 30%', () => {
    const price = single(35_000, '', '');
    expect(price).toMatchObject({ itemsSubtotal: 35_000, basePrice: 35_000, discountAmount: 0, finalPrice: 35_000, depositAmount: 10_500, balanceAmount: 24_500 });
  });

  it('works a whole quote: items, the larger multiplier, a discount, the deposit and the GST inside', () => {
    const price = priceQuote({
      items: [
        { quantity: 1, unitPrice: 65_000 },
        { quantity: 2, unitPrice: 8_500 },
        { quantity: 3, unitPrice: 19_500 },
      ],
      fromLocation: 'Roebourne',
      toLocation: 'Wickham',
      discountPercent: 10,
    });
    // 650 + 170 + 585 = 1405; x1.15 = 1615.75; less 10% (161.575 -> 161.58) = 1454.17.
    expect(price).toMatchObject({ itemsSubtotal: 140_500, multiplierHundredths: 115, basePrice: 161_575, discountAmount: 16_158, finalPrice: 145_417 });
    expect(price.depositAmount).toBe(43_625);
    expect(price.gstIncluded).toBe(13_220);
  });

  it('rounds half up at each step: 0.5 cent goes up', () => {
    expect(divideRoundHalfUp(1, 2)).toBe(1);
    expect(divideRoundHalfUp(3, 2)).toBe(2);
    expect(single(1_005, 'Roebourne').basePrice).toBe(1_156); // 11.5575 -> 11.56
    expect(gstIncluded(1_100)).toBe(100);
    expect(gstIncluded(55)).toBe(5);
  });
});

describe('locations and money text', () => {
  it('reads the town out of a typed location, the largest when it names several, else 1', () => {
    expect(locationMultiplier('Karratha')).toBe(100);
    expect(locationMultiplier('Marble Bar Rd, out of Port Hedland')).toBe(160);
    expect(locationMultiplier('tom price mine gate')).toBe(140);
    expect(locationMultiplier('Perth')).toBe(100);
    expect(locationMultiplier('Newmanville')).toBe(100);
    expect(routeMultiplier('Newman', 'Dampier')).toBe(150);
  });

  it('formats and parses dollars', () => {
    expect(formatMoney(145_417)).toBe('$1,454.17');
    expect(formatMoney(-5)).toBe('-$0.05');
    expect(formatMoney(133_000, { wholeDollars: true })).toBe('$1,330');
    expect(formatMoney(45_650, { wholeDollars: true })).toBe('$457');
    expect(parseMoneyInput('$1,200.5')).toBe(120_050);
    for (const cents of [0, 5, 120_050, 99_999_999]) expect(parseMoneyInput(moneyInputOf(cents))).toBe(cents);
    expect(parseMoneyInput('8.5')).toBe(850);
    expect(parseMoneyInput('12.345')).toBeNull();
    expect(parseMoneyInput('abc')).toBeNull();
  });
});
