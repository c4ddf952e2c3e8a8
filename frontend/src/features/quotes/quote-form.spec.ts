import { priceQuote, type Quote } from '@towing/contracts';
import { type DraftItem, discountOf, formFromQuote, numberOr, quantityOf, saveBlocker, saveRefusal, toQuoteInput } from './quote-form';

const item = (unitPrice: number, quantity = 1): DraftItem => ({ key: `k${unitPrice}`, description: 'Recovery Basic', quantity, unitPrice, category: 'service' });

describe('the quote form rules', () => {
  it('says why it cannot save yet, items first, then customer details', () => {
    expect(saveBlocker({ customerName: '', customerPhone: '' }, [])).toBe('Add Items First');
    expect(saveBlocker({ customerName: 'Sam', customerPhone: ' ' }, [item(38_000)])).toBe('Complete Customer Details');
    expect(saveBlocker({ customerName: 'Sam', customerPhone: '0412 345 678' }, [item(38_000)])).toBeNull();
  });

  it("answers a save the form cannot make yet with the spec's toast, in the same order", () => {
    expect(saveRefusal({ customerName: '', customerPhone: '' }, [])).toBe('Please add at least one item to the quote');
    expect(saveRefusal({ customerName: 'Sam', customerPhone: ' ' }, [item(38_000)])).toBe('Please fill in customer details');
    expect(saveRefusal({ customerName: 'Sam', customerPhone: '0412 345 678' }, [item(38_000)])).toBeNull();
  });

  it('makes a non-numeric quantity 1, and non-numeric distance and discount 0, keeping the discount within 0-50', () => {
    expect(quantityOf('abc')).toBe(1);
    expect(quantityOf(0)).toBe(1);
    expect(quantityOf('3')).toBe(3);
    expect(numberOr('', 0)).toBe(0);
    expect(numberOr('x', 0)).toBe(0);
    expect(discountOf('seventy')).toBe(0);
    expect(discountOf(70)).toBe(50);
  });

  it('sends the items and inputs without any totals: the server computes them', () => {
    const body = toQuoteInput(
      { customerName: ' Sam ', customerPhone: '0412 345 678', distance: 'far', discountPercent: '10', validDays: '', deposit: '' },
      [item(38_000, 2)],
    );
    expect(body).toEqual({
      customerName: 'Sam',
      customerPhone: '0412 345 678',
      customerEmail: undefined,
      vehicleType: undefined,
      service: undefined,
      fromLocation: undefined,
      toLocation: undefined,
      distance: 0,
      notes: undefined,
      discountPercent: 10,
      validDays: 14,
      depositAmount: null,
      items: [{ description: 'Recovery Basic', quantity: 2, unitPrice: 38_000, category: 'service' }],
      status: 'draft',
    });
    expect(toQuoteInput({ customerName: 'Sam', customerPhone: '1', deposit: '$120.50' }, []).depositAmount).toBe(12_050);
  });

  it("duplicates a quote as the spec says: ' (Copy)', valid 14 days, no id", () => {
    const price = priceQuote({ items: [{ quantity: 1, unitPrice: 38_000 }] });
    const quote = {
      id: 'AAAAAAAAAAAAAAAAAAAAAA',
      customerName: 'Sam Walker',
      customerPhone: '0412 345 678',
      customerEmail: null,
      vehicleType: '',
      service: '',
      fromLocation: '',
      toLocation: '',
      distance: 0,
      discountPercent: 0,
      customDeposit: false,
      depositAmount: price.depositAmount,
      notes: null,
      items: [{ id: 'x', description: 'Recovery Basic', quantity: 1, unitPrice: 38_000, total: 38_000, category: 'service' }],
      createdAt: '2026-03-01T00:00:00.000Z',
      validUntil: '2026-03-31T00:00:00.000Z',
    } as unknown as Quote;
    const copy = formFromQuote(quote, true);
    expect(copy.values).toMatchObject({ customerName: 'Sam Walker (Copy)', validDays: 14, deposit: undefined });
    expect(copy.items.map(({ description, unitPrice }) => ({ description, unitPrice }))).toEqual([{ description: 'Recovery Basic', unitPrice: 38_000 }]);
    expect(formFromQuote(quote, false).values).toMatchObject({ customerName: 'Sam Walker', validDays: 30 });
  });
});
