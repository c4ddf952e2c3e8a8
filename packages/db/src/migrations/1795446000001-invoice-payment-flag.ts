import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A signed payment event whose amount or currency did not match the invoice is kept here for staff, not applied. */
export class InvoicePaymentFlag1795446000001 implements MigrationInterface {
  name = 'InvoicePaymentFlag1795446000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "invoices" ADD "payment_flag" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "invoices" DROP COLUMN "payment_flag"`);
  }
}
