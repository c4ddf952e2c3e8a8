import type { Job } from '@towing/contracts';
import { findJobWithToken, JobEntity, OutboxEntity } from '@towing/db';
import { eventHandled, eventually, redeliverEvent, leaseSharedStack, type SystemLease } from '@towing/testkit';

describe('feedback.received', () => {
  let stack: SystemLease;

  beforeAll(async () => {
    stack = await leaseSharedStack('system', { worker: true });
  });
  afterAll(async () => {
    await stack?.release();
  });

  // The SOS that created the job also emails the office; only the feedback mail is under test.
  const isFeedbackMail = (message: { raw: string }) => message.raw.includes('Feedback 4/5');

  it('emails the office the ratings and comments once', async () => {
    const job: Job = (await stack.api.client().post('/api/jobs', { customerName: 'Ari Bell', phone: '0412 600 700' })).body.job;
    await stack.api.dataSource.getRepository(JobEntity).update({ id: job.id }, { status: 'Completed' });
    const { trackingToken } = (await findJobWithToken(stack.api.dataSource, job.id))!;
    const response = await stack.api.client().post('/api/feedback', {
      jobId: job.id,
      token: trackingToken,
      rating: 4,
      serviceQuality: 5,
      responseTime: 3,
      communication: 4,
      value: 2,
      comments: 'Quick to arrive but the invoice surprised us.',
      recommend: 'maybe',
      improvements: 'Quote before starting',
    });
    expect(response.status).toBe(201);

    const mail = await eventually(() => {
      const found = stack.smtp.to('office@towing.test').filter(isFeedbackMail);
      return found.length ? found : null;
    }, 20_000);
    const text = mail[0].raw.replace(/=\r?\n/g, '');
    expect(text).toContain(`Feedback 4/5 for ${job.id} - Ari Bell`);
    expect(text).toContain('Quick to arrive but the invoice surprised us.');
    expect(text).toContain('Quote before starting');
    expect(text).toContain('Maybe');

    // A second delivery of the same event (a BullMQ retry) sends nothing new.
    const event = await stack.api.dataSource.getRepository(OutboxEntity).findOneByOrFail({ name: 'feedback.received' });
    await eventHandled(stack, event.id);
    await redeliverEvent(stack, event.id);
    await eventHandled(stack, event.id);
    expect(stack.smtp.to('office@towing.test').filter(isFeedbackMail)).toHaveLength(1);
  });
});
