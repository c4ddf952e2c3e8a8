import { balanceInvoiceFigures } from '@towing/contracts';
import { deductedDeposit } from './deducted-deposit.js';

const QUOTE = { id: 'quote-1', finalPrice: 90_000 };
const deposit = (status: 'pending' | 'paid' | 'void') => ({ kind: 'deposit' as const, status, quoteId: QUOTE.id, amount: 27_000, number: 'INV-2026-0007' });

function balanceOf(paid: { number: string; amount: number } | null) {
  // Items of 100,000 with a 10% discount: the adjustment line is negative, ahead of the deposit line.
  const figures = balanceInvoiceFigures({ label: 'Q-1', items: [{ description: 'Recovery', quantity: 1, unitPrice: 100_000, total: 100_000 }], adjustment: -10_000, finalPrice: 90_000 }, paid);
  return { balance: { kind: 'balance' as const, status: 'pending' as const, quoteId: QUOTE.id, amount: figures.amount, number: 'INV-2026-0009' }, lines: figures.lines };
}

describe('the deposit a balance invoice took off', () => {
  it('is the paid deposit, from the data, even when a negative discount line comes first', () => {
    const paid = deposit('paid');
    const { balance, lines } = balanceOf(paid);
    expect(lines.findIndex((line) => line.total < 0)).toBeLessThan(lines.findIndex((line) => line.description.includes(paid.number)));
    expect(deductedDeposit(balance, QUOTE, [paid, balance])).toBe(paid);
  });

  it('is none when the deposit was not paid, or was paid only after the balance billed the whole price', () => {
    const { balance } = balanceOf(null);
    expect(deductedDeposit(balance, QUOTE, [deposit('void'), balance])).toBeNull();
    expect(deductedDeposit(balance, QUOTE, [deposit('paid'), balance])).toBeNull();
    expect(deductedDeposit(balance, QUOTE, [balance])).toBeNull();
  });

  it('is none on the deposit invoice itself', () => {
    const paid = deposit('paid');
    expect(deductedDeposit(paid, QUOTE, [paid])).toBeNull();
  });
});
