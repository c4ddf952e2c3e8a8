import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Texts both ways: every inbound text once per MessageSid (Twilio's retries change nothing
 * twice), the numbers that texted STOP, and each job's conversation with its customer.
 */
export class SmsBothWays1795567159166 implements MigrationInterface {
  name = 'SmsBothWays1795567159166';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "inbound_sms" ("id" SERIAL NOT NULL, "message_sid" character varying(64) NOT NULL, "from_phone" character varying(16) NOT NULL, "body" text NOT NULL, "kind" character varying(20) NOT NULL, "job_id" character varying(32), "reply" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_5eeeb02a4c33ccd7e3dea282b83" UNIQUE ("message_sid"), CONSTRAINT "PK_b0ee6eb44833577f1d2e11038f3" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "job_messages" ("id" SERIAL NOT NULL, "job_id" character varying(32) NOT NULL, "direction" character varying(10) NOT NULL, "body" text NOT NULL, "author" character varying(50), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "job_messages_direction" CHECK ("direction" IN ('inbound', 'outbound')), CONSTRAINT "PK_61ddc0beeeac533f04f4cea73ab" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "job_messages_by_job" ON "job_messages" ("job_id", "created_at")`);
    await queryRunner.query(`ALTER TABLE "job_messages" ADD CONSTRAINT "FK_4ee9ba7bd041c37f6484d1d7f79" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`CREATE TABLE "sms_opt_outs" ("phone" character varying(16) NOT NULL, "opted_out_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_14dd9fd7ec736f4ce6420ce28da" PRIMARY KEY ("phone"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sms_opt_outs"`);
    await queryRunner.query(`DROP TABLE "job_messages"`);
    await queryRunner.query(`DROP TABLE "inbound_sms"`);
  }
}
