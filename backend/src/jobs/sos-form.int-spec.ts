import Handlebars from 'handlebars';
import { JsonContains } from 'typeorm';
import { findJobWithToken, JobEntity, OutboxEntity } from '@towing/db';
import { TEST_PUBLIC_URL } from '@towing/testkit';
import { trackingPath } from '@towing/contracts';
import { useSharedApi } from '../testing/use-shared-api.js';

/** The SOS page's form as a browser without script posts it: urlencoded, to the page's own path. */
describe('POST /api/sos/form, the SOS form posted without script', () => {
  const api = useSharedApi();
  const post = (fields: Record<string, string>) =>
    fetch(`${api.baseUrl}/api/sos/form`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
  const countJobs = () => api.dataSource.getRepository(JobEntity).count();

  it('stores the SOS as the JSON command would and answers a page with the job id, its tracking link and the call button', async () => {
    const response = await post({ location: 'Millstream Rd, 20 km south of the NWCH', phone: '0412 345 678', name: ' Jess Tran ', vehicle: '', situation: 'Bogged to the axles' });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await response.text();
    const jobId = /Job ID: <strong>(JOB-\d{4}-\d+)<\/strong>/.exec(page)![1]!;
    const job = (await findJobWithToken(api.dataSource, jobId))!;
    expect(job).toMatchObject({ customerName: 'Jess Tran', phone: '0412 345 678', location: 'Millstream Rd, 20 km south of the NWCH', vehicle: 'Not specified', situation: 'Bogged to the axles', status: 'Emergency' });
    expect(page).toContain('Help is on the way!');
    // The same link as the text's, written as HTML writes an attribute.
    expect(page).toContain(`href="${Handlebars.escapeExpression(`${TEST_PUBLIC_URL}${trackingPath({ jobId, token: job.trackingToken })}`)}"`);
    expect(page).toContain('href="tel:+61491570156"');
    // The worker texts the on-call phones from this, as for every SOS.
    expect(await api.dataSource.getRepository(OutboxEntity).countBy({ name: 'sos.created', payload: JsonContains({ jobId }) })).toBe(1);
  });

  it('answers a missing phone with the form again, the reason and what was typed (escaped), and stores nothing', async () => {
    const before = await countJobs();
    const response = await post({ location: 'Near the <b>Fortescue</b>', phone: '   ', name: '<script>alert(1)</script>' });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('Request not sent');
    expect(page).toContain('<li>Phone: Phone number required</li>');
    expect(page).toContain('<form class="card" method="post" action="/api/sos/form">');
    expect(page).toContain('Near the &lt;b&gt;Fortescue&lt;/b&gt;</textarea>');
    expect(page).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(page).not.toContain('<script>');
    expect(await countJobs()).toBe(before);
  });

  it('names a field that is too long and stores nothing', async () => {
    const before = await countJobs();
    const response = await post({ phone: '0412 345 678', vehicle: 'x'.repeat(501) });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/<li>Vehicle details: .+<\/li>/);
    expect(await countJobs()).toBe(before);
  });
});
