import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the service estimate needs beyond the spec's columns: an interval in months beside the
 * one in km, the odometer at the last service before the records began, the truck's usual
 * driver, and the interval the owners were last alerted for. One odometer reading per truck
 * per job.
 */
export class FleetServiceTracking1795424200857 implements MigrationInterface {
  name = 'FleetServiceTracking1795424200857';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "vehicles" ADD "service_interval_months" integer NOT NULL DEFAULT '6'`);
    await queryRunner.query(`ALTER TABLE "vehicles" ADD "last_service_mileage" integer`);
    await queryRunner.query(`ALTER TABLE "vehicles" ADD "usual_driver" character varying(50)`);
    await queryRunner.query(`ALTER TABLE "vehicles" ADD "service_due_alerted_cycle" character varying(50)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "mileage_records_vehicle_job_unique" ON "mileage_records"  ("vehicle_id", "job_id") `);
    await queryRunner.query(`ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_service_interval_months_positive" CHECK ("service_interval_months" >= 1)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "vehicles" DROP CONSTRAINT "vehicles_service_interval_months_positive"`);
    await queryRunner.query(`DROP INDEX "public"."mileage_records_vehicle_job_unique"`);
    await queryRunner.query(`ALTER TABLE "vehicles" DROP COLUMN "service_due_alerted_cycle"`);
    await queryRunner.query(`ALTER TABLE "vehicles" DROP COLUMN "usual_driver"`);
    await queryRunner.query(`ALTER TABLE "vehicles" DROP COLUMN "last_service_mileage"`);
    await queryRunner.query(`ALTER TABLE "vehicles" DROP COLUMN "service_interval_months"`);
  }
}
