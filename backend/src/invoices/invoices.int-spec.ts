import type { AcceptQuoteResponse, InvoiceSummary, Job } from '@towing/contracts';
import { findJobWithToken, QuoteEntity } from '@towing/db';
import { QUOTE_FORM, type TestClient } from '@towing/testkit';
import { useSharedApi } from '../testing/use-shared-api.js';

// Every request here comes from one address: together they stay within the route's 10 a minute.
describe("a job's invoices for the customer dashboard", () => {
  const api = useSharedApi();
  let admin: TestClient;
  let job: Job;
  let token: string;

  const invoicesOf = (client: TestClient, query = '') => client.get(`/api/jobs/${job.id}/invoices${query}`);

  async function signedIn(username: string, phone: string): Promise<TestClient> {
    const client = api.client();
    await client.post('/api/auth/register', { username, password: 'a-long-password', email: `${username}@example.com`, firstName: 'Sam', lastName: 'Walker', phone });
    expect((await client.post('/api/auth/login', { username, password: 'a-long-password' })).status).toBe(200);
    return client;
  }

  beforeAll(async () => {
    admin = await api.adminClient();
    job = (await admin.post('/api/jobs', { customerName: 'Sam Walker', phone: '0412 345 678', service: '4x4 Recovery', location: 'Karratha' })).body.job as Job;
    expect((await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'Completed' })).status).toBe(200);
    token = (await findJobWithToken(api.dataSource, job.id))!.trackingToken;
    // A quote for the finished job: accepting it issues its tax invoice at once.
    const quote = (await admin.post('/api/quotes', { ...QUOTE_FORM, depositAmount: 0 })).body as { id: string };
    await api.dataSource.getRepository(QuoteEntity).update({ id: quote.id }, { status: 'sent', jobId: job.id });
    expect(((await api.client().post(`/api/quotes/${quote.id}/accept`, { name: 'Sam Walker', acceptTerms: true })).body as AcceptQuoteResponse).next).toBe('invoiced');
  });

  it('lists them for the job id with the last four digits of its phone, or with its tracking token', async () => {
    const byDigits = await invoicesOf(api.client(), '?last4=5678');
    expect(byDigits.status).toBe(200);
    expect((byDigits.body.invoices as InvoiceSummary[]).map((invoice) => `${invoice.kind}:${invoice.status}`)).toEqual(['balance:pending']);
    expect((await invoicesOf(api.client(), `?token=${token}`)).body).toEqual(byDigits.body);
  });

  it('answers a wrong proof like an unknown job, and asks a visitor without one for the digits', async () => {
    const wrong = await invoicesOf(api.client(), '?last4=0000');
    expect(wrong.status).toBe(404);
    expect((await api.client().get('/api/jobs/JOB-1999-1/invoices?last4=5678')).body).toEqual(wrong.body);
    const none = await invoicesOf(api.client());
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([{ field: 'last4', message: 'Enter the last 4 digits of the phone number on the job' }]);
  });

  it("never lets an account in by its own phone number, which nobody verified; the account that proved the job needs no digits", async () => {
    const impostor = await signedIn('impostor', '0412 345 678');
    expect((await invoicesOf(impostor)).status).toBe(400);
    expect((await invoicesOf(impostor, '?last4=1111')).status).toBe(404);

    const owner = await signedIn('owner', '0499 000 111');
    expect((await owner.post('/api/me/jobs/claim', { jobId: job.id, token })).status).toBe(200);
    expect((await invoicesOf(owner)).body.invoices).toHaveLength(1);
    expect((await invoicesOf(admin)).body.invoices).toHaveLength(1);
  });
});
