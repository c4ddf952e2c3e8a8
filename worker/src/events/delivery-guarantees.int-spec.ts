import { randomUUID } from 'node:crypto';
import { JsonContains } from 'typeorm';
import type { Job } from '@towing/contracts';
import { NotificationEntity, OutboxEntity } from '@towing/db';
import { eventHandled, eventually, RedisProcess, type Stack, startStack } from '@towing/testkit';

async function sendSos(stack: Stack, phone: string): Promise<{ job: Job; status: number }> {
  const response = await stack.api
    .client()
    .post('/api/jobs', { customerName: 'Sam Reid', phone, location: 'Millstream Rd, 40 km south' }, { 'Idempotency-Key': randomUUID() });
  return { job: response.body?.job, status: response.status };
}

function messagesFor(stack: Stack, jobId: string) {
  return {
    sms: stack.twilio.received.filter((sms) => sms.body.includes(jobId)),
    mail: stack.smtp.received.filter((mail) => mail.raw.includes(jobId)),
  };
}

describe('no SOS is lost and none is sent twice', () => {
  describe('while Redis is down', () => {
    let redis: RedisProcess;
    let stack: Stack;

    beforeAll(async () => {
      redis = await RedisProcess.start();
      stack = await startStack({ env: { REDIS_URL: redis.url } });
    });
    afterAll(async () => {
      await redis?.start().catch(() => undefined);
      await stack?.stop();
      await redis?.stop();
    });

    // Redis comes back only after the answer: an API that waited for it would not answer before the test's timeout.
    it('answers 201 while Redis is down and sends the messages once Redis is back', async () => {
      await redis.stop();
      const { job, status } = await sendSos(stack, '0412 555 101');
      expect(status).toBe(201);

      // The publish after commit has failed and left the event to the sweep.
      await eventually(() => stack.api.process.output.some((line) => /Left 1 event\(s\) for the sweep/.test(line)));
      const outbox = await stack.api.dataSource.getRepository(OutboxEntity).findOneByOrFail({ name: 'sos.created' });
      expect(outbox.publishedAt).toBeNull();
      expect(messagesFor(stack, job.id).sms).toHaveLength(0);

      await redis.start();
      await eventually(() => {
        const { sms, mail } = messagesFor(stack, job.id);
        return sms.length === 3 && mail.length === 1;
      }, 20_000);
      await eventHandled(stack, outbox.id);
      const { sms, mail } = messagesFor(stack, job.id);
      expect(sms).toHaveLength(3);
      expect(mail).toHaveLength(1);
    });
  });

  describe('when the worker is killed in the middle of an SOS', () => {
    let stack: Stack;

    beforeAll(async () => {
      stack = await startStack({ worker: false });
    });
    afterAll(async () => {
      await stack?.stop();
    });

    it('sends each message exactly once after a restart', async () => {
      stack.smtp.stall = true;
      const worker = await stack.startWorker();
      const { job } = await sendSos(stack, '0412 555 202');

      // The texts are out and recorded as sent; the office email is in flight when the worker dies.
      await eventually(async () => {
        const rows = await stack.api.dataSource.getRepository(NotificationEntity).findBy({ jobId: job.id });
        const status = (type: string) => rows.filter((row) => row.type === type).map((row) => row.status);
        return status('sms').join() === 'sent,sent,sent' && status('email').join() === 'sending';
      }, 15_000);
      await worker.kill();
      stack.smtp.stall = false;

      await stack.startWorker();
      await eventually(() => messagesFor(stack, job.id).mail.length === 1, 25_000, 100);

      const outbox = await stack.api.dataSource.getRepository(OutboxEntity).findOneByOrFail({ name: 'sos.created', payload: JsonContains({ jobId: job.id }) });
      await eventHandled(stack, outbox.id);
      const { sms, mail } = messagesFor(stack, job.id);
      expect(sms).toHaveLength(3);
      expect(mail).toHaveLength(1);
      const rows = await stack.api.dataSource.getRepository(NotificationEntity).findBy({ jobId: job.id });
      expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
    });
  });

  describe('when the worker is killed after Twilio took the texts but before their rows said so', () => {
    let stack: Stack;

    beforeAll(async () => {
      stack = await startStack({ worker: false });
    });
    afterAll(async () => {
      await stack?.stop();
    });

    it("finds them in Twilio's message log after a restart and texts nobody twice", async () => {
      stack.twilio.withholdAnswers = true;
      const worker = await stack.startWorker();
      const { job } = await sendSos(stack, '0412 555 303');

      // Twilio has the driver's and both on-call texts; the worker is still waiting for its answers.
      await eventually(() => messagesFor(stack, job.id).sms.length === 3, 15_000);
      const notifications = stack.api.dataSource.getRepository(NotificationEntity);
      const texts = await notifications.findBy({ jobId: job.id, type: 'sms' });
      expect(texts.map((row) => row.status)).toEqual(['sending', 'sending', 'sending']);
      await worker.kill();
      stack.twilio.withholdAnswers = false;

      await stack.startWorker();
      const outbox = await stack.api.dataSource.getRepository(OutboxEntity).findOneByOrFail({ name: 'sos.created', payload: JsonContains({ jobId: job.id }) });
      await eventHandled(stack, outbox.id, 30_000);
      const { sms } = messagesFor(stack, job.id);
      expect(sms).toHaveLength(3);
      const settled = await notifications.findBy({ jobId: job.id, type: 'sms' });
      expect(settled.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
      expect(settled.map((row) => row.providerMessageId).sort()).toEqual(sms.map((text) => text.sid).sort());
    });
  });
});
