import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Truck positions shared while a job is on its way, and the driver's photos and the customer's
 * signature kept beside the SOS photo in job_photos, each with the time the phone made it.
 */
export class TruckPositionsAndJobMedia1795567244024 implements MigrationInterface {
  name = 'TruckPositionsAndJobMedia1795567244024';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "job_positions" ("id" SERIAL NOT NULL, "job_id" character varying(32) NOT NULL, "lat" double precision NOT NULL, "lng" double precision NOT NULL, "accuracy_m" real, "fixed_at" TIMESTAMP WITH TIME ZONE NOT NULL, "sent_by" character varying(50) NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_job_positions" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_job_positions_job_fixed" ON "job_positions" ("job_id", "fixed_at")`);
    await queryRunner.query(`ALTER TABLE "job_positions" ADD CONSTRAINT "FK_job_positions_job" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "job_photos" ADD "kind" character varying(16) NOT NULL DEFAULT 'sos'`);
    await queryRunner.query(`ALTER TABLE "job_photos" ADD "taken_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "job_photos" ADD "signed_by" character varying(100)`);
    await queryRunner.query(`ALTER TABLE "job_photos" ADD "added_by" character varying(50)`);
    await queryRunner.query(`ALTER TABLE "job_photos" ADD "idempotency_key" character varying(100)`);
    await queryRunner.query(`ALTER TABLE "job_photos" ADD CONSTRAINT "CHK_job_photos_kind" CHECK ("kind" IN ('sos', 'pickup', 'dropoff', 'signature'))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_job_photos_idempotency_key" ON "job_photos" ("job_id", "idempotency_key")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_job_photos_idempotency_key"`);
    await queryRunner.query(`ALTER TABLE "job_photos" DROP CONSTRAINT "CHK_job_photos_kind"`);
    await queryRunner.query(`ALTER TABLE "job_photos" DROP COLUMN "idempotency_key"`);
    await queryRunner.query(`ALTER TABLE "job_photos" DROP COLUMN "added_by"`);
    await queryRunner.query(`ALTER TABLE "job_photos" DROP COLUMN "signed_by"`);
    await queryRunner.query(`ALTER TABLE "job_photos" DROP COLUMN "taken_at"`);
    await queryRunner.query(`ALTER TABLE "job_photos" DROP COLUMN "kind"`);
    await queryRunner.query(`DROP TABLE "job_positions"`);
  }
}
