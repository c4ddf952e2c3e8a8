import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SOS admission per source: the keyed hash of the address an SOS came from, and when it was
 * held past that address's allowance. The board folds held SOS by source (the partial index)
 * and reads its window of jobs newest first (the index on created_at).
 */
export class SosAdmission1795445000000 implements MigrationInterface {
  name = 'SosAdmission1795445000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "jobs" ADD "source_key" character(64)`);
    await queryRunner.query(`ALTER TABLE "jobs" ADD "held_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "jobs_held_by_source" ON "jobs" ("source_key", "created_at") WHERE "held_at" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "jobs_created_at" ON "jobs" ("created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "jobs_created_at"`);
    await queryRunner.query(`DROP INDEX "jobs_held_by_source"`);
    await queryRunner.query(`ALTER TABLE "jobs" DROP COLUMN "held_at"`);
    await queryRunner.query(`ALTER TABLE "jobs" DROP COLUMN "source_key"`);
  }
}
