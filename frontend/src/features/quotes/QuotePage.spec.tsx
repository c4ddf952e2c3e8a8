import { jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { PublicQuote } from '@towing/contracts';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import QuotePage, { REDIRECT_DELAY_MS } from './QuotePage';
import { queryClient } from '../../shared/query/queryClient';
import { apiAnswer, fakeFetch, restoreFetch } from '../../../test/api-answer';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';

function quote(overrides: Partial<PublicQuote> = {}): PublicQuote {
  return {
    id: ID,
    quoteNumber: 1042,
    customerName: 'Sam Walker',
    service: '4x4 Recovery',
    vehicleType: 'Toyota Hilux',
    location: 'Karratha → Tom Price',
    validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    status: 'sent',
    items: [{ description: 'Recovery Complex', quantity: 1, unitPrice: 65_000, total: 65_000, category: 'service' }],
    itemsSubtotal: 65_000,
    multiplierHundredths: 140,
    basePrice: 91_000,
    discountPercent: 0,
    discountAmount: 0,
    finalPrice: 91_000,
    depositAmount: 27_300,
    balanceAmount: 63_700,
    gstIncluded: 8_273,
    notes: null,
    acceptance: null,
    depositPaid: false,
    invoices: [],
    workDone: false,
    ...overrides,
  };
}

function serve(answers: Record<string, () => Response>) {
  fakeFetch((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const answer = answers[key];
    if (!answer) throw new Error(`unexpected ${key}`);
    return answer();
  });
}

function Checkout() {
  const location = useLocation();
  return <p data-testid="checkout">{`${location.pathname}${location.search}`}</p>;
}

function open() {
  render(
    <MemoryRouter initialEntries={[`/quote/${ID}`]}>
      <Routes>
        <Route path="/quote/:id" element={<QuotePage />} />
        <Route path="/checkout" element={<Checkout />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  restoreFetch();
  queryClient.clear();
  jest.useRealTimers();
});

describe('QuotePage', () => {
  it('shows the breakdown and the deposit split, and after accepting goes to checkout with quote_id and type=deposit', async () => {
    jest.useFakeTimers();
    serve({
      [`GET /api/quotes/${ID}`]: () => apiAnswer(200, quote()),
      [`POST /api/quotes/${ID}/accept`]: () => apiAnswer(200, { quote: quote({ acceptance: { name: 'Sam Walker', at: new Date().toISOString() } }), next: 'payment', jobId: null }),
    });
    open();
    await screen.findByText('Ready to proceed?');
    expect(screen.getByTestId('quote-total').textContent).toBe('$910.00');
    expect(screen.getByLabelText('Deposit split').textContent).toContain('$273.00');
    expect(screen.getByLabelText('Deposit split').textContent).toContain('$637.00');

    fireEvent.change(screen.getByLabelText('Your full name'), { target: { value: 'Sam Walker' } });
    fireEvent.click(screen.getByLabelText('I accept this quote and its terms'));
    fireEvent.click(screen.getByRole('button', { name: 'Accept Quote' }));
    await screen.findByText('Quote Accepted!');
    screen.getByText('Redirecting to payment page...');
    act(() => jest.advanceTimersByTime(REDIRECT_DELAY_MS - 1));
    expect(screen.queryByTestId('checkout')).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    const checkout = await screen.findByTestId('checkout');
    expect(checkout.textContent).toBe(`/checkout?quote_id=${ID}&type=deposit`);
  });

  it('schedules the job when there is no deposit', async () => {
    serve({
      [`GET /api/quotes/${ID}`]: () => apiAnswer(200, quote({ depositAmount: 0, balanceAmount: 91_000 })),
      [`POST /api/quotes/${ID}/accept`]: () => apiAnswer(200, { quote: quote({ status: 'accepted' }), next: 'scheduled', jobId: 'JOB-2026-101' }),
    });
    open();
    await screen.findByText('Ready to proceed?');
    expect(screen.queryByLabelText('Deposit split')).toBeNull();
    fireEvent.change(screen.getByLabelText('Your full name'), { target: { value: 'Sam Walker' } });
    fireEvent.click(screen.getByLabelText('I accept this quote and its terms'));
    fireEvent.click(screen.getByRole('button', { name: 'Accept Quote' }));
    await screen.findByText('Job Created');
    screen.getByText("Your service has been scheduled. We'll contact you shortly.");
  });

  it.each([
    [{ status: 'expired' as const }, 'This quote has expired', 'Please contact us for an updated quote.'],
    [{ status: 'accepted' as const, depositPaid: true }, 'Quote Already Accepted', 'This quote has been accepted and the job is scheduled.'],
  ])('shows the %o state', async (overrides, title, text) => {
    serve({ [`GET /api/quotes/${ID}`]: () => apiAnswer(200, quote(overrides)) });
    open();
    await screen.findByText(title);
    screen.getByText(text);
    expect(screen.queryByRole('button', { name: 'Accept Quote' })).toBeNull();
  });

  it('asks for the deposit of a quote accepted and not yet paid', async () => {
    serve({ [`GET /api/quotes/${ID}`]: () => apiAnswer(200, quote({ status: 'accepted', acceptance: { name: 'Sam Walker', at: new Date().toISOString() } })) });
    open();
    await screen.findByText('Deposit to pay');
    screen.getByRole('button', { name: 'Pay deposit' });
  });

  it('asks for the amount due, not a deposit, for work already done, in customer words', async () => {
    serve({
      [`GET /api/quotes/${ID}`]: () => apiAnswer(200, quote({ workDone: true, vehicleType: '' })),
      [`POST /api/quotes/${ID}/accept`]: () => apiAnswer(200, { quote: quote({ workDone: true, status: 'accepted' }), next: 'invoiced', jobId: null }),
    });
    open();
    await screen.findByText('Ready to proceed?');
    expect(screen.queryByLabelText('Deposit split')).toBeNull();
    expect(screen.getByLabelText('Amount due').textContent).toContain('$910.00');
    screen.getByText(/The work is done\. Accept the quote and we will send your tax invoice for the \$910\.00 due/);
    expect(screen.queryByText('sent')).toBeNull();
    expect(screen.queryByText(/deposit/i)).toBeNull();
    fireEvent.change(screen.getByLabelText('Your full name'), { target: { value: 'Sam Walker' } });
    fireEvent.click(screen.getByLabelText('I accept this quote and its terms'));
    fireEvent.click(screen.getByRole('button', { name: 'Accept Quote' }));
    await screen.findByText('Quote Accepted!');
    screen.getByText('Thank you. Your tax invoice for the $910.00 due is above.');
  });

  it('says Quote Not Found for a link that leads nowhere', async () => {
    serve({ [`GET /api/quotes/${ID}`]: () => apiAnswer(404, { statusCode: 404, error: 'Not Found', message: 'Quote not found' }) });
    open();
    await screen.findByText('Quote Not Found');
    screen.getByText('This quote may have expired or the link is invalid.');
  });
});
