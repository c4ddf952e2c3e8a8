import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { InvoiceSummary, PublicJob } from '@towing/contracts';
import { MemoryRouter } from 'react-router-dom';
import { CustomerDashboard } from '../../customer/components/CustomerDashboard';
import { getSocket } from '../../../shared/realtime/socket';
import { AntdTheme } from '../../../shared/ui/AntdTheme';
import { answerFrom, type ApiAnswers, fakeFetch, restoreFetch } from '../../../../test/api-answer';
import { queryClient } from '../../../shared/query/queryClient';

const completed = (id: string): PublicJob => ({
  id,
  customerName: 'Dana Whitfield',
  service: '4x4 Recovery',
  location: 'Millstream road',
  status: 'Completed',
  assignedTo: 'Dean',
  estimatedArrival: null,
  progress: 100,
  createdAt: '2025-03-01T02:00:00.000Z',
  updatedAt: '2025-03-01T03:00:00.000Z',
});

const invoice: InvoiceSummary = {
  number: 'INV-2025-0007',
  kind: 'balance',
  status: 'pending',
  amount: 65_000,
  gstAmount: 5_909,
  issuedAt: '2025-03-01T04:00:00.000Z',
  dueDate: '2025-03-08',
  paidAt: null,
  pdfUrl: '/api/quotes/AbCdEfGhIjKlMnOpQrStUv/invoices/INV-2025-0007/pdf',
};

let calls: string[];
let answers: ApiAnswers;

beforeEach(() => {
  calls = [];
  localStorage.clear();
  answers = {
    '/api/me/jobs': { status: 200, body: { customer: null, jobs: [], watchKeys: {} } },
    '/api/jobs/lookup': { status: 200, body: { customer: { name: 'Dana Whitfield', phone: null, email: null }, jobs: [completed('JOB-2025-8'), completed('JOB-2025-7')], watchKeys: {} } },
  };
  fakeFetch((url, init) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    return answerFrom(answers, url, { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No invoices found for that job and phone number' } });
  });
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  restoreFetch();
});

afterAll(async () => {
  (await getSocket()).disconnect();
});

/** The dashboard opened by a lookup, on its History tab. */
async function historyAfterLookup(proof: { query: string; last4?: string; token?: string }) {
  localStorage.setItem('customer', JSON.stringify({ name: 'Dana Whitfield', phone: proof.last4 ? `ending in ${proof.last4}` : '', email: '', proof }));
  render(
    <AntdTheme>
      <MemoryRouter>
        <CustomerDashboard />
      </MemoryRouter>
    </AntdTheme>,
  );
  await screen.findByText('Welcome back, Dana Whitfield!');
  fireEvent.click(screen.getByRole('tab', { name: 'History' }));
}

const invoiceButtonOf = async (jobId: string) => {
  const card = (await screen.findByText(jobId)).closest('.ant-card') as HTMLElement;
  return within(card).getByRole('button', { name: /Invoice/ });
};

describe("the dashboard's Invoice button", () => {
  it('shows the invoices at the first click with the last four digits the dashboard was opened by, for every job under that phone', async () => {
    answers['/api/jobs/JOB-2025-8/invoices?last4=5678'] = { status: 200, body: { invoices: [invoice] } };
    await historyAfterLookup({ query: 'JOB-2025-7', last4: '5678' });
    fireEvent.click(await invoiceButtonOf('JOB-2025-8'));
    await screen.findByText('INV-2025-0007');
    expect(calls).toContain('GET /api/jobs/JOB-2025-8/invoices?last4=5678');
    expect(calls.some((call) => call.includes('phone='))).toBe(false);
  });

  it("sends the tracking link's token for its own job, and asks for the digits for another", async () => {
    answers['/api/jobs/JOB-2025-7/invoices?token=tok-123'] = { status: 200, body: { invoices: [invoice] } };
    answers['/api/jobs/JOB-2025-8/invoices'] = { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Enter the last 4 digits of the phone number on the job', errors: [{ field: 'last4', message: 'Enter the last 4 digits of the phone number on the job' }] } };
    answers['/api/jobs/JOB-2025-8/invoices?last4=5678'] = { status: 200, body: { invoices: [] } };
    await historyAfterLookup({ query: 'job-2025-7', token: 'tok-123' });
    fireEvent.click(await invoiceButtonOf('JOB-2025-7'));
    await screen.findByText('INV-2025-0007');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    fireEvent.click(await invoiceButtonOf('JOB-2025-8'));
    fireEvent.change(await screen.findByLabelText('Last 4 digits of your phone'), { target: { value: '5678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show invoices' }));
    await screen.findByText('No invoice for this job yet. We email it to you as soon as it is issued.');
    expect(calls).toEqual(expect.arrayContaining(['GET /api/jobs/JOB-2025-8/invoices', 'GET /api/jobs/JOB-2025-8/invoices?last4=5678']));
  });
});
