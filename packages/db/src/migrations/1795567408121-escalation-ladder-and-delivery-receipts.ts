import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The escalation ladder (one running at a time: a burst's SOS join it), its calls (each keyed by
 * the opaque token its Twilio webhooks carry), and Twilio's delivery receipts for our texts.
 * A receipt can arrive before the worker has stored the message's SID: the trigger applies the
 * receipts already kept when the SID is written, so none is lost to that race.
 */
export class EscalationLadderAndDeliveryReceipts1795567408121 implements MigrationInterface {
  name = 'EscalationLadderAndDeliveryReceipts1795567408121';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "escalations" ("id" SERIAL NOT NULL, "started_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, "outcome" character varying(20), CONSTRAINT "PK_escalations" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "escalations_one_climbing" ON "escalations" ((true)) WHERE "finished_at" IS NULL`);
    await queryRunner.query(`CREATE TABLE "escalation_jobs" ("job_id" character varying(32) NOT NULL, "escalation_id" integer NOT NULL, "joined_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_escalation_jobs" PRIMARY KEY ("job_id"), CONSTRAINT "FK_escalation_jobs_job" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE, CONSTRAINT "FK_escalation_jobs_escalation" FOREIGN KEY ("escalation_id") REFERENCES "escalations"("id") ON DELETE CASCADE)`);
    await queryRunner.query(`CREATE INDEX "escalation_jobs_escalation" ON "escalation_jobs" ("escalation_id")`);
    await queryRunner.query(`CREATE TABLE "escalation_steps" ("id" SERIAL NOT NULL, "escalation_id" integer NOT NULL, "rung" integer NOT NULL, "kind" character varying(10) NOT NULL, "owner" character varying(40) NOT NULL, "phone" character varying(20), "token" character varying(64), "call_sid" character varying(64), "outcome" character varying(20), "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "ended_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_escalation_steps" PRIMARY KEY ("id"), CONSTRAINT "UQ_escalation_steps_rung_owner" UNIQUE ("escalation_id", "rung", "kind", "owner"), CONSTRAINT "UQ_escalation_steps_token" UNIQUE ("token"), CONSTRAINT "FK_escalation_steps_escalation" FOREIGN KEY ("escalation_id") REFERENCES "escalations"("id") ON DELETE CASCADE)`);
    await queryRunner.query(`CREATE TABLE "sms_delivery_receipts" ("message_sid" character varying(64) NOT NULL, "status" character varying(20) NOT NULL, "error_code" integer, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_sms_delivery_receipts" PRIMARY KEY ("message_sid", "status"))`);
    await queryRunner.query(`ALTER TABLE "notifications" ADD "delivery_status" character varying(20), ADD "delivery_error_code" integer`);
    await queryRunner.query(`CREATE INDEX "IDX_9944a56fbaf93c8073c07cdc75" ON "notifications" ("provider_message_id")`);
    await queryRunner.query(`
      CREATE FUNCTION notifications_apply_receipts() RETURNS trigger AS $$
      DECLARE latest record;
      BEGIN
        SELECT status, error_code INTO latest FROM sms_delivery_receipts WHERE message_sid = NEW.provider_message_id
          ORDER BY CASE status WHEN 'queued' THEN 1 WHEN 'sent' THEN 2 ELSE 3 END DESC, received_at DESC LIMIT 1;
        IF FOUND THEN
          NEW.delivery_status := latest.status;
          NEW.delivery_error_code := latest.error_code;
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await queryRunner.query(`CREATE TRIGGER "notifications_apply_receipts" BEFORE UPDATE OF "provider_message_id" ON "notifications" FOR EACH ROW WHEN (NEW.provider_message_id IS NOT NULL AND NEW.provider_message_id IS DISTINCT FROM OLD.provider_message_id) EXECUTE FUNCTION notifications_apply_receipts()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "notifications_apply_receipts" ON "notifications"`);
    await queryRunner.query(`DROP FUNCTION notifications_apply_receipts()`);
    await queryRunner.query(`DROP INDEX "IDX_9944a56fbaf93c8073c07cdc75"`);
    await queryRunner.query(`ALTER TABLE "notifications" DROP COLUMN "delivery_error_code", DROP COLUMN "delivery_status"`);
    await queryRunner.query(`DROP TABLE "sms_delivery_receipts"`);
    await queryRunner.query(`DROP TABLE "escalation_steps"`);
    await queryRunner.query(`DROP TABLE "escalation_jobs"`);
    await queryRunner.query(`DROP TABLE "escalations"`);
  }
}
