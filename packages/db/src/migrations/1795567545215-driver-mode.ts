import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Driver mode: admins who drive (the owners), the phone time of a change made on a phone, and
 * each /driver tap by its Idempotency-Key.
 */
export class DriverMode1795567545215 implements MigrationInterface {
  name = 'DriverMode1795567545215';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "drives" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "job_updates" ADD "occurred_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`
      CREATE TABLE "driver_taps" (
        "id" SERIAL NOT NULL,
        "user_id" integer NOT NULL,
        "idempotency_key" character varying(100) NOT NULL,
        "fingerprint" character varying(64) NOT NULL,
        "job_id" character varying(32) NOT NULL,
        "kind" character varying(20) NOT NULL,
        "eta_minutes" integer,
        "odometer_km" integer,
        "made_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "refusal" text,
        CONSTRAINT "PK_driver_taps" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "driver_taps_user_key" ON "driver_taps" ("user_id", "idempotency_key")`);
    await queryRunner.query(`CREATE INDEX "driver_taps_job" ON "driver_taps" ("job_id")`);
    await queryRunner.query(`ALTER TABLE "driver_taps" ADD CONSTRAINT "driver_taps_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE`);
    await queryRunner.query(`ALTER TABLE "driver_taps" ADD CONSTRAINT "driver_taps_job" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "driver_taps"`);
    await queryRunner.query(`ALTER TABLE "job_updates" DROP COLUMN "occurred_at"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "drives"`);
  }
}
