import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every column that keeps a phone number as typed, or as the worker logged it when it was not
 * one (notifications). The phone rule takes up to 30 characters ("+61 (0) 412 - 345 - 678"), so
 * a number it accepted no longer fails the insert.
 */
const TYPED_PHONE_COLUMNS = [
  { table: 'jobs', column: 'phone' },
  { table: 'bookings', column: 'phone' },
  { table: 'contact_submissions', column: 'phone' },
  { table: 'fleet_inquiries', column: 'phone' },
  { table: 'users', column: 'phone' },
  { table: 'quotes', column: 'customer_phone' },
  { table: 'invoices', column: 'customer_phone' },
  { table: 'notification_preferences', column: 'customer_phone' },
  { table: 'notifications', column: 'recipient_phone' },
] as const;

/** Widening a varchar is a catalogue change in PostgreSQL: no table is rewritten. */
export class PhoneColumnsFitTheRule1795430000003 implements MigrationInterface {
  name = 'PhoneColumnsFitTheRule1795430000003';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const { table, column } of TYPED_PHONE_COLUMNS) {
      await queryRunner.query(`ALTER TABLE "${table}" ALTER COLUMN "${column}" TYPE character varying(30)`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const { table, column } of TYPED_PHONE_COLUMNS) {
      await queryRunner.query(`ALTER TABLE "${table}" ALTER COLUMN "${column}" TYPE character varying(20) USING left("${column}", 20)`);
    }
  }
}
