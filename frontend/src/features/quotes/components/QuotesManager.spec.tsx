import { Emitter } from '@socket.io/component-emitter';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Quote, QuoteUpdate } from '@towing/contracts';
import { type AppSocket, getSocket } from '../../../shared/realtime/socket';
import { AntdTheme } from '../../../shared/ui/AntdTheme';
import { queryClient } from '../../../shared/query/queryClient';
import { QUOTES } from '../quotes-data';
import { useQuotesStore } from '../state/quotes.store';
import { QuotesManager } from './QuotesManager';
import { apiAnswer, fakeFetch, restoreFetch } from '../../../../test/api-answer';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';

function quote(overrides: Partial<Quote> = {}): Quote {
  return {
    id: ID,
    quoteNumber: 1042,
    customerName: 'Sam Walker',
    customerPhone: '0412 345 678',
    customerPhoneE164: '+61412345678',
    customerEmail: 'sam@example.com',
    vehicleType: 'Toyota Hilux',
    service: '4x4 Recovery',
    fromLocation: 'Karratha',
    toLocation: 'Tom Price',
    distance: 0,
    items: [{ id: 'i1', description: 'Recovery Complex', quantity: 1, unitPrice: 65_000, total: 65_000, category: 'service' }],
    itemsSubtotal: 65_000,
    multiplierHundredths: 140,
    basePrice: 91_000,
    discountPercent: 0,
    discountAmount: 0,
    finalPrice: 91_000,
    depositAmount: 27_300,
    customDeposit: false,
    balanceAmount: 63_700,
    gstIncluded: 8_273,
    notes: null,
    validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    status: 'draft',
    jobId: null,
    sentAt: null,
    acceptance: null,
    depositPaid: false,
    invoices: [],
    paymentFlags: [],
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

let socket: AppSocket;
let calls: string[];
let answers: Record<string, () => Response>;

function push(event: 'quote:created' | 'quote:updated', payload: Quote | QuoteUpdate) {
  act(() => {
    Emitter.prototype.emit.call(socket, event, payload);
  });
}

beforeAll(async () => {
  socket = await getSocket();
  socket.disconnect();
});

beforeEach(() => {
  calls = [];
  answers = {};
  fakeFetch((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    calls.push(key);
    const answer = answers[key];
    return answer ? answer() : apiAnswer(404, { statusCode: 404, error: 'Not Found', message: 'Not Found' });
  });
});

afterEach(() => {
  // The toast lives in its own root, outside what cleanup() unmounts: close it so no test sees the last one's.
  for (const close of screen.queryAllByRole('button', { name: 'Close' })) fireEvent.click(close);
  cleanup();
  restoreFetch();
  act(() => useQuotesStore.setState({ emailing: {} }));
  queryClient.clear();
});

/** The manager with these quotes listed, its socket listeners attached. */
async function openManager(quotes: Quote[]) {
  act(() => queryClient.setQueryData(QUOTES, quotes));
  render(
    <AntdTheme>
      <QuotesManager />
    </AntdTheme>,
  );
  await act(async () => undefined);
}

const row = () => within(screen.getByTestId('quote-1042'));

describe('Email Quote on the Quotes tab', () => {
  it('tells the admin who asked when the email fails, from the quote:updated the worker pushes, and drops the emailing tag', async () => {
    answers[`POST /api/quotes/${ID}/send-email`] = () => apiAnswer(202, quote());
    await openManager([quote()]);
    fireEvent.click(row().getByRole('button', { name: 'Email & Text Quote' }));
    await waitFor(() => expect(calls).toContain(`POST /api/quotes/${ID}/send-email`));
    row().getByText('emailing…');

    push('quote:updated', { ...quote(), emailOutcome: { status: 'failed', error: "Can't send mail - all recipients were rejected: 550 Mailbox unavailable" } });
    await screen.findByText('Email sending failed');
    screen.getByText("Can't send mail - all recipients were rejected: 550 Mailbox unavailable");
    expect(row().queryByText('emailing…')).toBeNull();
  });

  it('says it was emailed when the worker pushes the quote sent', async () => {
    answers[`POST /api/quotes/${ID}/send-email`] = () => apiAnswer(202, quote());
    await openManager([quote()]);
    fireEvent.click(row().getByRole('button', { name: 'Email & Text Quote' }));
    await waitFor(() => expect(calls).toContain(`POST /api/quotes/${ID}/send-email`));
    push('quote:updated', { ...quote({ status: 'sent', sentAt: new Date().toISOString() }), emailOutcome: { status: 'sent' } });
    await screen.findByText('Quote emailed successfully!');
    row().getByText('sent');
    expect(row().queryByText('emailing…')).toBeNull();
  });
});

describe('Quote Created', () => {
  it('toasts a quote created in the form', async () => {
    answers['POST /api/quotes'] = () => apiAnswer(201, quote({ id: 'ZyXwVuTsRqPoNmLkJiHgFe', quoteNumber: 1043 }));
    await openManager([]);
    const form = within(screen.getByRole('form', { name: 'Quote form' }));
    fireEvent.change(form.getByLabelText('Customer name'), { target: { value: 'Sam Walker' } });
    fireEvent.change(form.getByLabelText('Customer phone'), { target: { value: '0412 345 678' } });
    fireEvent.change(form.getByPlaceholderText('Custom item description'), { target: { value: 'Snatch block hire' } });
    fireEvent.change(form.getByPlaceholderText('Unit price ($)'), { target: { value: '45' } });
    fireEvent.click(form.getByRole('button', { name: 'Add Custom Item' }));
    fireEvent.click(await form.findByRole('button', { name: 'Create Quote' }));
    await screen.findByText('Quote Created');
    screen.getByText('Quote created successfully!');
    expect(calls).toContain('POST /api/quotes');
  });

  it('empties the form after a create from a blank form, so a second Create cannot post a duplicate', async () => {
    answers['POST /api/quotes'] = () => apiAnswer(201, quote({ id: 'ZyXwVuTsRqPoNmLkJiHgFe', quoteNumber: 1043 }));
    await openManager([]);
    const form = () => within(screen.getByRole('form', { name: 'Quote form' }));
    fireEvent.change(form().getByLabelText('Customer name'), { target: { value: 'Sam Walker' } });
    fireEvent.change(form().getByLabelText('Customer phone'), { target: { value: '0412 345 678' } });
    fireEvent.change(form().getByPlaceholderText('Custom item description'), { target: { value: 'Snatch block hire' } });
    fireEvent.change(form().getByPlaceholderText('Unit price ($)'), { target: { value: '45' } });
    fireEvent.click(form().getByRole('button', { name: 'Add Custom Item' }));
    fireEvent.click(await form().findByRole('button', { name: 'Create Quote' }));
    await screen.findByText('Quote Created');
    await waitFor(() => expect((form().getByLabelText('Customer name') as HTMLInputElement).value).toBe(''));
    expect((form().getByLabelText('Customer phone') as HTMLInputElement).value).toBe('');
    expect(form().queryByText('Snatch block hire')).toBeNull();
    form().getByRole('button', { name: 'Add Items First' });
    expect(calls.filter((call) => call === 'POST /api/quotes')).toHaveLength(1);
  });

  it('toasts a quote the worker drafted for a completed job as it arrives, and not one another admin created', async () => {
    await openManager([]);
    push('quote:created', quote({ id: 'QqQqQqQqQqQqQqQqQqQqQq', quoteNumber: 1050 }));
    await screen.findByTestId('quote-1050');
    expect(screen.queryByText('Quote Created')).toBeNull();
    push('quote:created', quote({ id: 'WwWwWwWwWwWwWwWwWwWwWw', quoteNumber: 1051, jobId: 'JOB-2026-12' }));
    await screen.findByText('Q-1051 drafted for completed job JOB-2026-12');
    screen.getByText('Quote Created');
  });
});

describe("the form's checks", () => {
  it('answers Save without customer details with the spec toast, the button reading Complete Customer Details', async () => {
    await openManager([]);
    const form = within(screen.getByRole('form', { name: 'Quote form' }));
    const blocked = form.getByRole('button', { name: 'Add Items First' });
    expect(blocked.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(blocked);
    await screen.findByText('Please add at least one item to the quote');

    fireEvent.change(form.getByPlaceholderText('Custom item description'), { target: { value: 'Snatch block hire' } });
    fireEvent.change(form.getByPlaceholderText('Unit price ($)'), { target: { value: '45' } });
    fireEvent.click(form.getByRole('button', { name: 'Add Custom Item' }));
    fireEvent.click(await form.findByRole('button', { name: 'Complete Customer Details' }));
    await screen.findByText('Please fill in customer details');
    expect(calls).not.toContain('POST /api/quotes');
  });
});

describe('Pay Now', () => {
  it('says card payments are not set up when the server has no Stripe keys (503)', async () => {
    answers[`POST /api/quotes/${ID}/create-payment-intent`] = () =>
      apiAnswer(503, { statusCode: 503, error: 'Service Unavailable', message: 'Card payment is not available at the moment. Please call us to pay your deposit.' });
    await openManager([quote({ status: 'sent', sentAt: new Date().toISOString() })]);
    fireEvent.click(row().getByRole('button', { name: 'Pay Now' }));
    await screen.findByText('Card payments are not set up');
    expect(screen.queryByText('Payment failed')).toBeNull();
  });
});
