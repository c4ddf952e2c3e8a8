import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One trace per request: the request id an outbox event was recorded under, and the one each
 * text or email it caused was sent under. When a job's and an invoice's customer details were
 * anonymised (an erasure, or five years after the invoice).
 */
export class TraceAndPrivacy1795567361623 implements MigrationInterface {
  name = 'TraceAndPrivacy1795567361623';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox" ADD "request_id" varchar(64)`);
    await queryRunner.query(`ALTER TABLE "notifications" ADD "request_id" varchar(64)`);
    await queryRunner.query(`CREATE INDEX "notifications_request_id" ON "notifications" ("request_id") WHERE "request_id" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "jobs" ADD "anonymised_at" timestamptz`);
    await queryRunner.query(`ALTER TABLE "invoices" ADD "anonymised_at" timestamptz`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "invoices" DROP COLUMN "anonymised_at"`);
    await queryRunner.query(`ALTER TABLE "jobs" DROP COLUMN "anonymised_at"`);
    await queryRunner.query(`DROP INDEX "notifications_request_id"`);
    await queryRunner.query(`ALTER TABLE "notifications" DROP COLUMN "request_id"`);
    await queryRunner.query(`ALTER TABLE "outbox" DROP COLUMN "request_id"`);
  }
}
