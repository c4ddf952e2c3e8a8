import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every outbound email was written twice: its notification row and an `emails` row for the
 * admin's Contact Messages. The notifications log keeps it once, with the sender's details the
 * list shows; emails without a notification (demo data) move in as sent or recorded messages.
 * `emails`, the data model's name for the list, stays as a view of the log.
 */
export class OutboundEmailStoredOnce1795444000001 implements MigrationInterface {
  name = 'OutboundEmailStoredOnce1795444000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications" ADD "customer_info" jsonb`);
    await queryRunner.query(
      `UPDATE "notifications" AS n SET "customer_info" = e."customer_info" FROM "emails" AS e WHERE e."notification_id" = n."id"`,
    );
    await queryRunner.query(
      `INSERT INTO "notifications" ("dedupe_key", "recipient_email", "type", "status", "message", "subject", "customer_info", "sent_at", "attempts", "created_at", "updated_at")
       SELECT 'emails:' || e."id", left(e."to", 100), 'email', CASE WHEN e."sent" THEN 'sent' ELSE 'recorded' END, e."html_content", e."subject", e."customer_info",
              CASE WHEN e."sent" THEN e."timestamp" END, 1, e."timestamp", e."timestamp"
       FROM "emails" AS e WHERE e."notification_id" IS NULL`,
    );
    await queryRunner.query(`DROP TABLE "emails"`);
    await queryRunner.query(
      `CREATE VIEW "emails" AS SELECT "id", "recipient_email" AS "to", "subject", "message" AS "html_content", "customer_info", "created_at" AS "timestamp", "status" = 'sent' AS "sent"
       FROM "notifications" WHERE "type" = 'email'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP VIEW "emails"`);
    await queryRunner.query(
      `CREATE TABLE "emails" ("id" SERIAL NOT NULL, "to" character varying(255) NOT NULL, "subject" character varying(255) NOT NULL, "html_content" text NOT NULL, "customer_info" jsonb, "timestamp" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "sent" boolean NOT NULL DEFAULT false, "notification_id" integer, CONSTRAINT "UQ_cba1dce3b583d27676f9f99b8d9" UNIQUE ("notification_id"), CONSTRAINT "PK_a54dcebef8d05dca7e839749571" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `INSERT INTO "emails" ("to", "subject", "html_content", "customer_info", "timestamp", "sent", "notification_id")
       SELECT n."recipient_email", coalesce(n."subject", ''), n."message", n."customer_info", n."created_at", n."status" = 'sent', n."id"
       FROM "notifications" AS n WHERE n."type" = 'email' AND n."recipient_email" IS NOT NULL`,
    );
    await queryRunner.query(`ALTER TABLE "notifications" DROP COLUMN "customer_info"`);
  }
}
