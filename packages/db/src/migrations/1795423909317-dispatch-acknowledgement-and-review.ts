import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who acknowledged an SOS and when, who made each change in a job's history, and testimonials
 * waiting for a staff member's approval. Testimonials already stored were public before this
 * rule existed, so they stay public.
 */
export class DispatchAcknowledgementAndReview1795423909317 implements MigrationInterface {
  name = 'DispatchAcknowledgementAndReview1795423909317';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "jobs" ADD "acknowledged_by" character varying(50)`);
    await queryRunner.query(`ALTER TABLE "jobs" ADD "acknowledged_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "job_updates" ADD "actor" character varying(50)`);
    await queryRunner.query(`ALTER TABLE "testimonials" ADD "status" character varying(10) NOT NULL DEFAULT 'pending'`);
    await queryRunner.query(`ALTER TABLE "testimonials" ADD "reviewed_by" character varying(50)`);
    await queryRunner.query(`ALTER TABLE "testimonials" ADD "reviewed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "IDX_ab097b9ae4c8e443cf58b9281c" ON "testimonials"  ("status") `);
    await queryRunner.query(`UPDATE "testimonials" SET "status" = 'approved'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_ab097b9ae4c8e443cf58b9281c"`);
    await queryRunner.query(`ALTER TABLE "testimonials" DROP COLUMN "reviewed_at"`);
    await queryRunner.query(`ALTER TABLE "testimonials" DROP COLUMN "reviewed_by"`);
    await queryRunner.query(`ALTER TABLE "testimonials" DROP COLUMN "status"`);
    await queryRunner.query(`ALTER TABLE "job_updates" DROP COLUMN "actor"`);
    await queryRunner.query(`ALTER TABLE "jobs" DROP COLUMN "acknowledged_at"`);
    await queryRunner.query(`ALTER TABLE "jobs" DROP COLUMN "acknowledged_by"`);
  }
}
