import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { type Job, QUEUES, type SystemStatus } from '@towing/contracts';
import { InvoiceEntity, NotificationEntity, OutboxEntity } from '@towing/db';
import { eventHandled, eventually, type Stack, startStack } from '@towing/testkit';

const TOKEN = 'scrape-token-0123456789abcdef';
const DRIVER_E164 = '+61412345678';

/** The value of one series in Prometheus text, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('Running it: metrics, one trace per SOS, the queues in view, the System tile', () => {
  let stack: Stack;
  let workerLines: string[];
  let workerMetricsUrl: string;

  beforeAll(async () => {
    // Loopback (this test) is not in METRICS_ALLOW: only the token lets it scrape.
    stack = await startStack({ env: { METRICS_ALLOW: '192.0.2.0/24', METRICS_TOKEN: TOKEN, SOS_ALERT_WINDOW_SECONDS: '0' } });
    workerLines = [];
    stack.worker!.child.stdout!.on('data', (chunk: Buffer) => workerLines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    const port = await eventually(() => {
      const line = stack.worker!.output.find((candidate) => candidate.includes('Metrics on port'));
      return line ? /Metrics on port (\d+)/.exec(line)?.[1] : undefined;
    });
    workerMetricsUrl = `http://127.0.0.1:${port}/metrics`;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const scrape = (url: string, token?: string) => fetch(url, token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } });

  it('serves /metrics on the API and the worker only to the token here (404 without, 403 with a wrong one)', async () => {
    for (const url of [`${stack.api.baseUrl}/metrics`, workerMetricsUrl]) {
      expect((await scrape(url)).status).toBe(404);
      expect((await scrape(url, 'wrong-token-0123456789abcdef')).status).toBe(403);
      const allowed = await scrape(url, TOKEN);
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get('content-type')).toContain('text/plain');
      const text = await allowed.text();
      expect(text).toContain('process_cpu_seconds_total');
      expect(text).toContain('nodejs_eventloop_lag_seconds');
    }
    const api = await (await scrape(`${stack.api.baseUrl}/metrics`, TOKEN)).text();
    expect(api).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} \d+/);
    expect(api).toContain('towing_outbox_oldest_unpublished_age_seconds');
    expect(api).toContain('towing_socketio_connections{kind="admin"}');
    expect(api).toContain('# TYPE towing_sms_delivery gauge');
    const worker = await (await scrape(workerMetricsUrl, TOKEN)).text();
    expect(worker).toContain(`towing_queue_jobs{queue="${QUEUES.domainEvents}",state="failed"}`);
  });

  it('follows one request id from the SOS request to its event, its texts and email, and the worker log lines; the SOS->SMS histogram moves', async () => {
    const before = sample(await (await scrape(workerMetricsUrl, TOKEN)).text(), 'towing_sos_driver_sms_seconds_count') ?? 0;
    const requestId = `sos-${randomUUID()}`;
    const response = await stack.api.client().post(
      '/api/sos',
      { customerName: 'Kim Nguyen', phone: '0412 345 678', vehicle: 'Hilux', situation: 'Bogged at the creek', gps: { lat: -20.736812, lng: 116.846254 } },
      { 'Idempotency-Key': randomUUID(), 'X-Request-Id': requestId },
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('x-request-id')).toBe(requestId);
    const job = response.body.job as Job;

    const event = await stack.api.dataSource.getRepository(OutboxEntity).findOneByOrFail({ requestId });
    expect(event.payload).toEqual(expect.objectContaining({ jobId: job.id }));
    await eventHandled(stack, event.id);
    const messages = await stack.api.dataSource.getRepository(NotificationEntity).findBy({ jobId: job.id });
    // The driver, the two on-call owners and the office.
    expect(messages).toHaveLength(4);
    expect(messages.map((message) => [message.requestId, message.status])).toEqual(messages.map(() => [requestId, 'sent']));
    expect(messages.find((message) => message.recipientPhone === DRIVER_E164)).toBeDefined();

    const traced = await eventually(() => {
      const lines = workerLines.filter((line) => line.includes(requestId)).map((line) => JSON.parse(line) as { requestId: string; eventId: string; msg: string });
      return lines.length > 0 ? lines : undefined;
    });
    expect(traced.every((line) => line.requestId === requestId && line.eventId === event.id)).toBe(true);

    const after = await eventually(async () => {
      const count = sample(await (await scrape(workerMetricsUrl, TOKEN)).text(), 'towing_sos_driver_sms_seconds_count') ?? 0;
      return count > before ? count : undefined;
    });
    expect(after).toBe(before + 1);
  });

  it('replaces an X-Request-Id that is not short and plain with one of its own', async () => {
    const response = await stack.api.client().request('GET', '/api/health', undefined, { 'X-Request-Id': 'x'.repeat(65) });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows every queue in Bull Board to admins only, and a failed job retried there runs again', async () => {
    expect((await stack.api.client().get('/admin/queues/api/queues')).status).toBe(401);
    const admin = await stack.api.adminClient();
    const page = await admin.get('/admin/queues');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(page.text)?.[1];
    expect((await admin.get(`/admin/queues/${script}`)).status).toBe(200);
    const listed = await admin.get('/admin/queues/api/queues');
    expect(listed.status).toBe(200);
    expect((listed.body.queues as Array<{ name: string }>).map((queue) => queue.name).sort()).toEqual(Object.values(QUEUES).sort());

    // A PDF of a quote that does not exist fails at once (no retries for PDFs).
    const queue = new Queue(QUEUES.pdfRender, { connection: { url: stack.variables.REDIS_URL }, prefix: stack.variables.REDIS_PREFIX });
    try {
      const job = await queue.add('quote', { kind: 'quote', id: 'Q-NONE' });
      await eventually(async () => (await queue.getJobState(job.id!)) === 'failed');
      const firstRun = (await queue.getJob(job.id!))!.processedOn;

      const crossSite = await admin.request('PUT', `/admin/queues/api/queues/${QUEUES.pdfRender}/${job.id}/retry`, undefined, { Origin: 'https://evil.example' });
      expect(crossSite.status).toBe(403);
      const retried = await admin.put(`/admin/queues/api/queues/${QUEUES.pdfRender}/${job.id}/retry`);
      expect(retried.status).toBe(204);
      // The worker took it again: it ran a second time (and failed again, the quote still missing).
      await eventually(async () => {
        const again = await queue.getJob(job.id!);
        return again?.finishedOn !== undefined && again.processedOn !== firstRun && (await again.getState()) === 'failed';
      });
    } finally {
      await queue.close();
    }
  });

  it('answers the System tile to admins: worker heartbeat, outbox, failed jobs, services in words', async () => {
    expect((await stack.api.client().get('/api/system')).status).toBe(401);
    const status = (await (await stack.api.adminClient()).get('/api/system')).body as SystemStatus;
    expect(status.workerHeartbeatAgeSeconds).toEqual(expect.any(Number));
    expect(status.workerHeartbeatAgeSeconds!).toBeLessThan(60);
    expect(status.failedJobsLastHour).toBeGreaterThanOrEqual(1);
    expect(status.services).toEqual([
      { name: 'SMS', configured: true, status: 'Configured (Twilio)' },
      { name: 'Email', configured: true, status: 'Configured (SMTP)' },
      { name: 'Card payments', configured: true, status: 'Configured (Stripe)' },
      { name: 'Push', configured: false, status: 'Not configured: no push notifications' },
    ]);
  });

  it('anonymises the customer details of invoices issued over five years ago, in the worker’s scheduled job', async () => {
    const invoices = stack.api.dataSource.getRepository(InvoiceEntity);
    const line = { description: 'Tow', quantity: 1, unitPrice: 11000, total: 11000 };
    const base = { kind: 'deposit' as const, customerName: 'Ann Old', customerEmail: 'ann@example.com', customerPhone: '0412 000 111', customerPhoneE164: '+61412000111', amount: 11000, gstAmount: 1000, lineItems: [line] };
    const old = await invoices.save(invoices.create({ ...base, number: 'INV-2019-1', issuedAt: new Date(Date.now() - 6 * 365 * 24 * 3600 * 1000) }));
    const recent = await invoices.save(invoices.create({ ...base, number: 'INV-2025-1', issuedAt: new Date(Date.now() - 365 * 24 * 3600 * 1000) }));
    const queue = new Queue(QUEUES.invoiceRetention, { connection: { url: stack.variables.REDIS_URL }, prefix: stack.variables.REDIS_PREFIX });
    try {
      const job = await queue.add('invoice-anonymisation', {});
      await eventually(async () => (await queue.getJobState(job.id!)) === 'completed');
    } finally {
      await queue.close();
    }
    const anonymised = await invoices.findOneByOrFail({ id: old.id });
    expect(anonymised).toEqual(expect.objectContaining({ customerName: 'Anonymised', customerEmail: null, customerPhone: null, customerPhoneE164: null, amount: 11000, gstAmount: 1000, number: 'INV-2019-1' }));
    expect(anonymised.lineItems).toEqual([line]);
    expect(await invoices.findOneByOrFail({ id: recent.id })).toEqual(expect.objectContaining({ customerName: 'Ann Old', customerEmail: 'ann@example.com', anonymisedAt: null }));
  });
});
