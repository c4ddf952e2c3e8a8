import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A quote the customer accepted reads accepted in its status column, whether or not its deposit
 * has been paid (the deposit's invoice says that). Until now such a quote stayed sent with an
 * acceptance beside it. Quote PDFs stored under the old file name (Quote-{id}.pdf) are dropped,
 * to be rendered again as Quote-Q-{number}.pdf.
 */
export class QuoteAcceptedAsStatus1795567418589 implements MigrationInterface {
  name = 'QuoteAcceptedAsStatus1795567418589';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "quotes" SET "status" = 'accepted' WHERE "status" = 'sent' AND "accepted_at" IS NOT NULL`);
    await queryRunner.query(`DELETE FROM "rendered_pdfs" WHERE "kind" = 'quote'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "quotes" SET "status" = 'sent' WHERE "status" = 'accepted' AND "job_id" IS NULL AND "accepted_at" IS NOT NULL`);
  }
}
