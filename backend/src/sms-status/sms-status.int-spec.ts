import { SMS_STATUS_PATH, twilioWebhookUrl } from '@towing/contracts';
import { NotificationEntity } from '@towing/db';
import { eventually, leaseSharedStack, postSigned, type SystemLease } from '@towing/testkit';

describe("Twilio's delivery receipts against the worker's record of the text's SID (POST /api/sms/status)", () => {
  let stack: SystemLease;

  beforeAll(async () => {
    stack = await leaseSharedStack('system');
  });
  afterAll(async () => {
    await stack?.release();
  });

  const notifications = () => stack.api.dataSource.getRepository(NotificationEntity);
  const undelivered = (messageSid: string) =>
    postSigned(stack.variables.TWILIO_AUTH_TOKEN!, twilioWebhookUrl(stack.variables.PUBLIC_URL!, SMS_STATUS_PATH), { MessageSid: messageSid, MessageStatus: 'undelivered', ErrorCode: '30003' });
  /** A text the worker is sending: its row, not yet carrying the SID Twilio answered. */
  const sending = (dedupeKey: string) => notifications().save({ dedupeKey, type: 'sms', recipientPhone: '+61412345602', message: 'Help is on the way', status: 'sending' });
  /** Whether a statement of this database waits on an advisory lock. */
  const waitingOnLock = async () => {
    const [{ waiting }] = (await stack.api.dataSource.query(
      `SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    )) as Array<{ waiting: number }>;
    return waiting > 0;
  };

  it('applies a receipt that came before the worker wrote the SID', async () => {
    const row = await sending('receipt-before-sid');
    expect((await undelivered('SM00000000000000000000000000000a01')).status).toBe(204);
    await notifications().update(row.id, { status: 'sent', providerMessageId: 'SM00000000000000000000000000000a01' });
    expect(await notifications().findOneByOrFail({ id: row.id })).toMatchObject({ deliveryStatus: 'undelivered', deliveryErrorCode: 30003 });
  });

  it('applies a receipt that came while the worker was writing the SID: it waits for that write', async () => {
    const row = await sending('receipt-during-sid');
    const sid = 'SM00000000000000000000000000000a02';
    const writer = stack.api.dataSource.createQueryRunner();
    await writer.connect();
    try {
      await writer.startTransaction();
      await writer.query(`UPDATE notifications SET status = 'sent', provider_message_id = $2 WHERE id = $1`, [row.id, sid]);
      let answered = false;
      const posted = undelivered(sid).finally(() => {
        answered = true;
      });
      // Answered before the write is committed, the receipt would have found no row with the SID
      // and the write no receipt: the text would read as sent for ever.
      await eventually(async () => answered || (await waitingOnLock()));
      await writer.commitTransaction();
      expect((await posted).status).toBe(204);
    } finally {
      if (writer.isTransactionActive) await writer.rollbackTransaction();
      await writer.release();
    }
    expect(await notifications().findOneByOrFail({ id: row.id })).toMatchObject({ deliveryStatus: 'undelivered', deliveryErrorCode: 30003 });
  });
});
