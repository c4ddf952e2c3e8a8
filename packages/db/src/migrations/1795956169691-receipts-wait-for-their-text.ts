import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A delivery receipt and the worker's record of its text's SID take turns on one lock per SID.
 * Without it, a receipt kept while the worker's UPDATE was running was lost to both: the trigger
 * read the receipts before it was committed, and the API's UPDATE found no row with the SID yet.
 * The API takes the same lock (hashtext('sms-receipt:' || SID)) around keeping and applying one.
 */
export class ReceiptsWaitForTheirText1795956169691 implements MigrationInterface {
  name = 'ReceiptsWaitForTheirText1795956169691';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(applyReceipts(`PERFORM pg_advisory_xact_lock(hashtext('sms-receipt:' || NEW.provider_message_id));`));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(applyReceipts(''));
  }
}

/** The trigger's function (each statement of it reads what is committed when it runs), `lock` first. */
function applyReceipts(lock: string): string {
  return `
    CREATE OR REPLACE FUNCTION notifications_apply_receipts() RETURNS trigger AS $$
    DECLARE latest record;
    BEGIN
      ${lock}
      SELECT status, error_code INTO latest FROM sms_delivery_receipts WHERE message_sid = NEW.provider_message_id
        ORDER BY CASE status WHEN 'queued' THEN 1 WHEN 'sent' THEN 2 ELSE 3 END DESC, received_at DESC LIMIT 1;
      IF FOUND THEN
        NEW.delivery_status := latest.status;
        NEW.delivery_error_code := latest.error_code;
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`;
}
