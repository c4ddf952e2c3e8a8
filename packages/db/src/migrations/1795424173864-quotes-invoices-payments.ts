import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quotes get a number from their sequence beside an unguessable id, the customer's
 * acceptance and when they were emailed; invoices become tax invoices (number, kind, GST);
 * Stripe events are recorded once.
 */
export class QuotesInvoicesPayments1795424173864 implements MigrationInterface {
  name = 'QuotesInvoicesPayments1795424173864';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Invoice numbers (INV-{year}-{n}) come from a sequence: never from a count.
    await queryRunner.query(`CREATE SEQUENCE "invoice_number_seq" START WITH 1`);
    await queryRunner.query(`CREATE TABLE "stripe_events" ("id" character varying(255) NOT NULL, "type" character varying(100) NOT NULL, "stripe_created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "source" character varying(20) NOT NULL, "applied_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d3247bd5fc3f66b6982bbcdd897" PRIMARY KEY ("id"))`);
    await queryRunner.query(`ALTER TABLE "quotes" ADD "quote_number" integer NOT NULL DEFAULT nextval('quote_number_seq')`);
    await queryRunner.query(`ALTER TABLE "quotes" ADD CONSTRAINT "UQ_0fe91de257e744a53b519b41a9c" UNIQUE ("quote_number")`);
    await queryRunner.query(`ALTER TABLE "quotes" ADD "multiplier_hundredths" integer NOT NULL DEFAULT '100'`);
    await queryRunner.query(`ALTER TABLE "quotes" ADD "sent_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "quotes" ADD "accepted_name" character varying(100)`);
    await queryRunner.query(`ALTER TABLE "quotes" ADD "accepted_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "quotes" ADD "accepted_ip" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "invoices" ADD "number" character varying(20) NOT NULL`);
    await queryRunner.query(`ALTER TABLE "invoices" ADD CONSTRAINT "UQ_6b20aa66f2a835a4f2fbde48724" UNIQUE ("number")`);
    await queryRunner.query(`ALTER TABLE "invoices" ADD "kind" character varying(10) NOT NULL`);
    await queryRunner.query(`ALTER TABLE "invoices" ADD "gst_amount" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "invoices" ADD "payment_error" text`);
    await queryRunner.query(`ALTER TABLE "invoices" ADD "issued_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
    await queryRunner.query(`ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_values" CHECK ("kind" IN ('deposit', 'balance'))`);
    await queryRunner.query(`ALTER TABLE "invoices" ADD CONSTRAINT "invoices_status_values" CHECK ("status" IN ('pending', 'paid', 'void'))`);
    await queryRunner.query(`ALTER TABLE "invoices" ADD CONSTRAINT "invoices_one_per_quote_and_kind" UNIQUE ("quote_id", "kind")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "invoices" DROP CONSTRAINT "invoices_one_per_quote_and_kind"`);
    await queryRunner.query(`ALTER TABLE "invoices" DROP CONSTRAINT "invoices_status_values"`);
    await queryRunner.query(`ALTER TABLE "invoices" DROP CONSTRAINT "invoices_kind_values"`);
    await queryRunner.query(`ALTER TABLE "invoices" DROP COLUMN "issued_at"`);
    await queryRunner.query(`ALTER TABLE "invoices" DROP COLUMN "payment_error"`);
    await queryRunner.query(`ALTER TABLE "invoices" DROP COLUMN "gst_amount"`);
    await queryRunner.query(`ALTER TABLE "invoices" DROP COLUMN "kind"`);
    await queryRunner.query(`ALTER TABLE "invoices" DROP CONSTRAINT "UQ_6b20aa66f2a835a4f2fbde48724"`);
    await queryRunner.query(`ALTER TABLE "invoices" DROP COLUMN "number"`);
    await queryRunner.query(`ALTER TABLE "quotes" DROP COLUMN "accepted_ip"`);
    await queryRunner.query(`ALTER TABLE "quotes" DROP COLUMN "accepted_at"`);
    await queryRunner.query(`ALTER TABLE "quotes" DROP COLUMN "accepted_name"`);
    await queryRunner.query(`ALTER TABLE "quotes" DROP COLUMN "sent_at"`);
    await queryRunner.query(`ALTER TABLE "quotes" DROP COLUMN "multiplier_hundredths"`);
    await queryRunner.query(`ALTER TABLE "quotes" DROP CONSTRAINT "UQ_0fe91de257e744a53b519b41a9c"`);
    await queryRunner.query(`ALTER TABLE "quotes" DROP COLUMN "quote_number"`);
    await queryRunner.query(`DROP TABLE "stripe_events"`);
    await queryRunner.query(`DROP SEQUENCE "invoice_number_seq"`);
  }
}
