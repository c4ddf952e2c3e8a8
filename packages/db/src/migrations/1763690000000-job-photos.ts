import type { MigrationInterface, QueryRunner } from 'typeorm';

export class JobPhotos1763690000000 implements MigrationInterface {
  name = 'JobPhotos1763690000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "job_photos" ("id" SERIAL NOT NULL, "job_id" character varying(32) NOT NULL, "content_type" character varying(20) NOT NULL, "size" integer NOT NULL, "data" bytea NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3e175cd62bfeabfd0940e1dae5" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_4b1244f1223fea7dff2e236c6e" ON "job_photos"  ("job_id") `);
    await queryRunner.query(
      `ALTER TABLE "job_photos" ADD CONSTRAINT "FK_4b1244f1223fea7dff2e236c6ee" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "job_photos" DROP CONSTRAINT "FK_4b1244f1223fea7dff2e236c6ee"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_4b1244f1223fea7dff2e236c6e"`);
    await queryRunner.query(`DROP TABLE "job_photos"`);
  }
}
