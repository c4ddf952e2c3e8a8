import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * The phone rule and the fix-in-text reader as they were when this migration was written,
 * copied here so that a later change to the live rules never changes what this migration does.
 */
const TYPED_PHONE = /^[0-9 +().-]{6,30}$/;
const MIN_NATIONAL_DIGITS = 8;

function toE164(typed: string): string | null {
  const trimmed = typed.trim();
  if (!TYPED_PHONE.test(trimmed)) return null;
  const parsed = parsePhoneNumberFromString(trimmed, 'AU');
  return parsed?.isPossible() && parsed.nationalNumber.length >= MIN_NATIONAL_DIGITS ? parsed.number : null;
}

const GPS_IN_TEXT = /GPS: (-?\d{1,2}\.\d{3,}),\s*(-?\d{1,3}\.\d{3,})/;

function coordinatesInText(...texts: Array<string | null>): { lat: number; lng: number } | null {
  for (const text of texts) {
    const match = text ? GPS_IN_TEXT.exec(text) : null;
    if (!match) continue;
    const [lat, lng] = [Number(match[1]), Number(match[2])];
    if (Math.abs(lat) <= 90 && Math.abs(lng) <= 180) return { lat, lng };
  }
  return null;
}

/** Every table with a phone number, and the column that holds it. */
const PHONE_COLUMNS = [
  { table: 'jobs', typed: 'phone', e164: 'phone_e164' },
  { table: 'bookings', typed: 'phone', e164: 'phone_e164' },
  { table: 'contact_submissions', typed: 'phone', e164: 'phone_e164' },
  { table: 'fleet_inquiries', typed: 'phone', e164: 'phone_e164' },
  { table: 'users', typed: 'phone', e164: 'phone_e164' },
  { table: 'quotes', typed: 'customer_phone', e164: 'customer_phone_e164' },
  { table: 'invoices', typed: 'customer_phone', e164: 'customer_phone_e164' },
  { table: 'notification_preferences', typed: 'customer_phone', e164: 'customer_phone_e164' },
] as const;

/**
 * Phone numbers in E.164 beside what the person typed, and the SOS fix in columns of its own.
 * Existing rows are normalised with the same rule the API uses from now on.
 */
export class PhoneE164AndGps1763700000000 implements MigrationInterface {
  name = 'PhoneE164AndGps1763700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const { table, e164 } of PHONE_COLUMNS) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD "${e164}" character varying(16)`);
    }
    await queryRunner.query(`DROP INDEX "public"."IDX_554b26b3d1be80e8e5690f146c"`);
    await queryRunner.query(`CREATE INDEX "IDX_81ea2f457d64849b606ad5fc2d" ON "jobs"  ("phone_e164") `);
    await queryRunner.query(`ALTER TABLE "jobs" ADD "gps_lat" double precision`);
    await queryRunner.query(`ALTER TABLE "jobs" ADD "gps_lng" double precision`);
    await queryRunner.query(`ALTER TABLE "jobs" ADD "gps_accuracy_m" real`);
    await queryRunner.query(`ALTER TABLE "jobs" ADD "gps_fixed_at" TIMESTAMP WITH TIME ZONE`);

    for (const { table, typed, e164 } of PHONE_COLUMNS) {
      const rows: Array<{ phone: string }> = await queryRunner.query(
        `SELECT DISTINCT "${typed}" AS phone FROM "${table}" WHERE "${typed}" IS NOT NULL`,
      );
      for (const { phone } of rows) {
        const normalised = toE164(phone);
        if (normalised) await queryRunner.query(`UPDATE "${table}" SET "${e164}" = $1 WHERE "${typed}" = $2`, [normalised, phone]);
      }
    }

    const jobs: Array<{ id: string; location: string; notes: string | null; created_at: Date }> = await queryRunner.query(
      `SELECT id, location, notes, created_at FROM jobs WHERE location LIKE '%GPS: %' OR notes LIKE '%GPS: %'`,
    );
    for (const job of jobs) {
      const fix = coordinatesInText(job.location, job.notes);
      if (!fix) continue;
      await queryRunner.query(`UPDATE jobs SET gps_lat = $1, gps_lng = $2, gps_fixed_at = $3 WHERE id = $4`, [fix.lat, fix.lng, job.created_at, job.id]);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "jobs" DROP COLUMN "gps_fixed_at"`);
    await queryRunner.query(`ALTER TABLE "jobs" DROP COLUMN "gps_accuracy_m"`);
    await queryRunner.query(`ALTER TABLE "jobs" DROP COLUMN "gps_lng"`);
    await queryRunner.query(`ALTER TABLE "jobs" DROP COLUMN "gps_lat"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_81ea2f457d64849b606ad5fc2d"`);
    await queryRunner.query(`CREATE INDEX "IDX_554b26b3d1be80e8e5690f146c" ON "jobs" USING btree ("phone")`);
    for (const { table, e164 } of PHONE_COLUMNS) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "${e164}"`);
    }
  }
}
