import { randomUUID } from 'node:crypto';
import { googleMapsUrl, type Job, SOS_PUSH_TTL_SECONDS, sosPushTag, type SosPushPayload } from '@towing/contracts';
import { JobEntity, NotificationEntity, PushSubscriptionEntity } from '@towing/db';
import { signPushAckToken } from '@towing/platform';
import { eventually, type PeerSubscription, PushServicePeer, type Stack, startStack, TEST_ADMIN, TestClient, vapidKeyPair } from '@towing/testkit';

const ONCALL = ['+61491570157', '+61491570158'];
const FIX = { lat: -20.73612, lng: 116.8463 };

/**
 * Web Push end to end: the API and worker as processes, the devices' push service a local peer
 * (RFC 8030) that checks the VAPID signature and decrypts each payload with the keys of the
 * devices the test subscribed.
 */
describe('Web Push: SOS alerts to staff devices', () => {
  const vapid = vapidKeyPair();
  let stack: Stack;
  let pushService: PushServicePeer;
  let admin: TestClient;

  beforeAll(async () => {
    pushService = await new PushServicePeer(vapid.publicKey).start();
    stack = await startStack({ env: { ...pushService.environment(), VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:office@towing.test' } });
    admin = await stack.api.adminClient();
  }, 90_000);
  afterAll(async () => {
    await stack?.stop();
    await pushService?.stop();
  });

  const subscriptions = () => stack.api.dataSource.getRepository(PushSubscriptionEntity);
  const pushRows = (jobId: string) => stack.api.dataSource.getRepository(NotificationEntity).find({ where: { jobId, type: 'push' }, order: { id: 'ASC' } });

  async function subscribeDevice(): Promise<PeerSubscription> {
    const device = pushService.subscribe();
    expect((await admin.post('/api/push/subscriptions', device)).status).toBe(204);
    return device;
  }

  async function sos(customerName: string): Promise<Job> {
    const response = await stack.api.client().post('/api/sos', { phone: '0412 345 678', customerName, location: 'Fortescue River crossing', gps: FIX }, { 'Idempotency-Key': randomUUID() });
    expect(response.status).toBe(201);
    return response.body.job as Job;
  }

  /** The pushes the device got about this job. */
  const pushesAbout = (device: PeerSubscription, jobId: string) =>
    pushService.pushesTo(device.endpoint).filter((received) => (JSON.parse(received.payload) as SosPushPayload).jobId === jobId);

  /** The decrypted SOS payload the device got for this job. */
  async function pushFor(device: PeerSubscription, jobId: string) {
    const push = await eventually(() => pushesAbout(device, jobId)[0], 20_000);
    return { push, payload: JSON.parse(push.payload) as SosPushPayload };
  }

  describe('subscriptions', () => {
    it('are for signed-in staff only, and a malformed one is refused with nothing stored', async () => {
      const device = pushService.subscribe();
      expect((await stack.api.client().post('/api/push/subscriptions', device)).status).toBe(401);
      expect((await stack.api.client().get('/api/push/key')).status).toBe(401);
      const malformed = await admin.post('/api/push/subscriptions', { endpoint: 'not a url', keys: { p256dh: '!!', auth: '' } });
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['endpoint', 'keys.auth', 'keys.p256dh']);
      expect(await subscriptions().countBy({ endpoint: device.endpoint })).toBe(0);
      expect((await admin.get('/api/push/key')).body).toEqual({ publicKey: vapid.publicKey });
    });

    it('are turned off per device by its own user', async () => {
      const device = await subscribeDevice();
      expect(await subscriptions().countBy({ endpoint: device.endpoint })).toBe(1);
      const off = await admin.request('DELETE', `/api/push/subscriptions?endpoint=${encodeURIComponent(device.endpoint)}`);
      expect(off.status).toBe(204);
      expect(await subscriptions().countBy({ endpoint: device.endpoint })).toBe(0);
    });
  });

  describe('a new SOS', () => {
    let phone: PeerSubscription;
    let laptop: PeerSubscription;

    beforeAll(async () => {
      phone = await subscribeDevice();
      laptop = await subscribeDevice();
    });

    it('is pushed at once to every subscribed device, urgent, short-lived, one topic per SOS, with who, where and how long; the on-call texts still go', async () => {
      const job = await sos('Sam Stranded');
      const signatures = new Set<string>();
      for (const device of [phone, laptop]) {
        const { push, payload } = await pushFor(device, job.id);
        signatures.add(push.authorization);
        expect(push).toMatchObject({ urgency: 'high', ttl: SOS_PUSH_TTL_SECONDS, topic: sosPushTag(job.id) });
        expect(payload).toMatchObject({ kind: 'sos', tag: sosPushTag(job.id), jobId: job.id, navigateUrl: googleMapsUrl(FIX), openUrl: `${stack.api.baseUrl}/admin` });
        expect(payload.title).toBe(`SOS ${job.id}: Sam Stranded`);
        expect(payload.body).toMatch(/^Fortescue River crossing\nWaiting since /);
        expect(payload.ackToken).toEqual(expect.any(String));
      }
      // One VAPID signature serves the push service's every device (the peer verified it for each).
      expect(signatures.size).toBe(1);
      const rows = await eventually(async () => {
        const found = await pushRows(job.id);
        return found.length === 2 && found.every((row) => row.status === 'sent') && found;
      });
      expect(rows.map((row) => row.message)).toEqual([expect.stringContaining('Sam Stranded'), expect.stringContaining('Sam Stranded')]);
      // Push is an extra channel: the on-call SMS went as before.
      await eventually(() => ONCALL.every((number) => stack.twilio.to(number).some((sms) => sms.body.includes(job.id))), 20_000);
      expect(pushService.refused).toEqual([]);
    });

    it('removes a subscription whose push service says it is gone, and logs that push with the outcome', async () => {
      const stale = await subscribeDevice();
      pushService.expire(stale.endpoint);
      const job = await sos('Alex Remote');
      await pushFor(phone, job.id);
      await eventually(async () => (await subscriptions().countBy({ endpoint: stale.endpoint })) === 0);
      const rows = await eventually(async () => {
        const found = await pushRows(job.id);
        return found.length === 3 && found.every((row) => row.status !== 'pending' && row.status !== 'sending') && found;
      });
      expect(rows.map((row) => row.status).sort()).toEqual(['refused', 'sent', 'sent']);
      expect(rows.find((row) => row.status === 'refused')!.error).toBe("The device's subscription has expired (410); it was removed");
    });

    it('tries again, when the push service was overloaded, the device whose push did not go, and only that one', async () => {
      pushService.failNext(laptop.endpoint);
      const job = await sos('Jo Overloaded');
      // The event failed for the laptop and is tried again (the queue's backoff): its push then goes.
      await pushFor(laptop, job.id);
      const rows = await eventually(async () => {
        const found = await pushRows(job.id);
        return found.length === 2 && found.every((row) => row.status === 'sent') && found;
      });
      expect(pushesAbout(phone, job.id)).toHaveLength(1);
      expect(pushesAbout(laptop, job.id)).toHaveLength(1);
      expect(pushService.refused.filter((refusal) => refusal.endpoint === laptop.endpoint)).toEqual([{ endpoint: laptop.endpoint, status: 503, reason: 'Overloaded, try again later' }]);
      expect(rows.map((row) => row.attempts).sort()).toEqual([1, 2]);
    });
  });

  describe('the Acknowledge action (POST /api/push/acknowledge)', () => {
    const acknowledge = (token: string) => stack.api.client().post('/api/push/acknowledge', { token });
    const stored = (id: string) => stack.api.dataSource.getRepository(JobEntity).findOneByOrFail({ id });

    it("acknowledges as the device's owner without a sign-in; a replay answers the same", async () => {
      const device = await subscribeDevice();
      const job = await sos('Jo Lockscreen');
      const { payload } = await pushFor(device, job.id);
      const first = await acknowledge(payload.ackToken!);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ jobId: job.id, acknowledgedBy: TEST_ADMIN.username });
      expect((await stored(job.id)).acknowledgedBy).toBe(TEST_ADMIN.username);
      const acknowledgedAt = (await stored(job.id)).acknowledgedAt;
      expect((await acknowledge(payload.ackToken!)).body).toEqual({ jobId: job.id, acknowledgedBy: TEST_ADMIN.username });
      expect((await stored(job.id)).acknowledgedAt).toEqual(acknowledgedAt);
    });

    it('refuses a forged or expired token with 403 and changes nothing', async () => {
      const job = await sos('Kim Forged');
      const forged = signPushAckToken({ publicKey: vapid.publicKey, privateKey: vapidKeyPair().privateKey }, { jobId: job.id, owner: TEST_ADMIN.username, expiresAt: Date.now() + 60_000 });
      const expired = signPushAckToken(vapid, { jobId: job.id, owner: TEST_ADMIN.username, expiresAt: Date.now() - 1 });
      const valid = signPushAckToken(vapid, { jobId: job.id, owner: TEST_ADMIN.username, expiresAt: Date.now() + 60_000 });
      const [body, mac] = valid.split('.') as [string, string];
      const otherJob = Buffer.from(JSON.stringify(['JOB-1999-1', TEST_ADMIN.username, Date.now() + 60_000])).toString('base64url');
      for (const token of [forged, expired, `${otherJob}.${mac}`, `${body}.${mac.slice(0, -2)}`, 'nonsense']) {
        const refused = await acknowledge(token);
        expect(refused.status).toBe(403);
      }
      expect((await stored(job.id)).acknowledgedAt).toBeNull();
      expect((await acknowledge(valid)).status).toBe(200);
    });
  });
});
