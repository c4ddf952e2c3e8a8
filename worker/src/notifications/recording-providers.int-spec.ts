import type { Job } from '@towing/contracts';
import { NotificationEntity, toContactMessageView } from '@towing/db';
import { eventually, type Stack, startStack } from '@towing/testkit';

describe('with no SMTP or Twilio configured', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({
      env: { SMTP_URL: '', TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: '', TWILIO_FROM: '', TWILIO_API_URL: '' },
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('records every message as not delivered and sends nothing', async () => {
    const response = await stack.api.client().post('/api/jobs', { phone: '0412 345 678', location: 'Karratha Tce' });
    const job = response.body.job as Job;
    const rows = await eventually(async () => {
      const found = await stack.api.dataSource.getRepository(NotificationEntity).findBy({ jobId: job.id });
      return found.length === 4 && found.every((row) => row.status === 'recorded') ? found : null;
    });
    expect(rows.every((row) => row.sentAt === null && row.providerMessageId === null)).toBe(true);
    expect(toContactMessageView(rows.find((row) => row.type === 'email')!).sent).toBe(false);
    expect(stack.twilio.received).toHaveLength(0);
    expect(stack.smtp.received).toHaveLength(0);
  });

  // The longest number the SOS takes as typed is logged as typed too.
  it.each(['123456', '+61 (0) 412 - 345 - 678 - 0000'])('marks %j, which cannot be texted, as failed with the reason, not retried', async (phone) => {
    const response = await stack.api.client().post('/api/jobs', { phone, location: 'Karratha Tce' });
    const job = response.body.job as Job;
    const row = await eventually(() =>
      stack.api.dataSource.getRepository(NotificationEntity).findOneBy({ jobId: job.id, recipientPhone: phone }),
    );
    await eventually(async () => (await stack.api.dataSource.getRepository(NotificationEntity).findOneByOrFail({ id: row.id })).status === 'failed');
    const failed = await stack.api.dataSource.getRepository(NotificationEntity).findOneByOrFail({ id: row.id });
    expect(failed.error).toContain('Not a phone number we can text');
    expect(failed.attempts).toBe(0);
  });
});
