import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When staff last asked for a quote to be sent (Email Quote). The link goes to the customer's
 * phone at once, before the email; from this moment the link reads for them, even while the
 * email is still on its way or failing.
 */
export class QuoteSendRequested1795430000001 implements MigrationInterface {
  name = 'QuoteSendRequested1795430000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "quotes" ADD "send_requested_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "quotes" DROP COLUMN "send_requested_at"`);
  }
}
