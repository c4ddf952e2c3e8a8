import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A vehicle's condition (the spec's Excellent) gets its own column; `status` keeps only whether
 * it can go out. A row whose status was a condition becomes that condition, active.
 */
export class VehicleConditionApartFromStatus1795444000000 implements MigrationInterface {
  name = 'VehicleConditionApartFromStatus1795444000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "vehicles" ADD "condition" character varying(20) NOT NULL DEFAULT 'Excellent'`);
    await queryRunner.query(`UPDATE "vehicles" SET "condition" = "status", "status" = 'active' WHERE "status" NOT IN ('active', 'maintenance', 'out_of_service')`);
    await queryRunner.query(`ALTER TABLE "vehicles" ALTER COLUMN "status" SET DEFAULT 'active'`);
    await queryRunner.query(`ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_status_known" CHECK ("status" IN ('active', 'maintenance', 'out_of_service'))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "vehicles" DROP CONSTRAINT "vehicles_status_known"`);
    await queryRunner.query(`ALTER TABLE "vehicles" ALTER COLUMN "status" SET DEFAULT 'Excellent'`);
    await queryRunner.query(`UPDATE "vehicles" SET "status" = "condition" WHERE "status" = 'active'`);
    await queryRunner.query(`ALTER TABLE "vehicles" DROP COLUMN "condition"`);
  }
}
