import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Usernames and emails unique whatever their case, account-job links, claim codes, the photo's
 * GPS and the Idempotency-Key's request fingerprint.
 *
 * Existing case twins ("ADMIN" beside "admin") are resolved before the unique indexes go on:
 * the oldest account of each twin group keeps its name (an admin wins over a customer), the
 * others are renamed with a "~id" suffix (a character registration never allows), deactivated
 * and signed out, so a look-alike registered to shadow the admin can no longer be used.
 */
export class Hardening1795424188396 implements MigrationInterface {
  name = 'Hardening1795424188396';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['username', 'email']) {
      const limit = column === 'username' ? 50 : 100;
      await queryRunner.query(
        `WITH twins AS (
           SELECT id, row_number() OVER (PARTITION BY lower(${column}) ORDER BY (role = 'admin') DESC, id) AS rank FROM users
         )
         UPDATE users SET ${column} = left(users.${column}, ${limit} - 12) || '~' || users.id, is_active = false
           FROM twins WHERE twins.id = users.id AND twins.rank > 1`,
      );
    }
    await queryRunner.query(`DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE NOT is_active)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_username_lower_unique" ON "users" (lower("username"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" (lower("email"))`);

    await queryRunner.query(`CREATE TABLE "account_jobs" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "job_id" character varying(32) NOT NULL, "proof" character varying(10) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "account_jobs_user_job" UNIQUE ("user_id", "job_id"), CONSTRAINT "PK_2c7a7240412b7c20418cf3790fe" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_7904798c8c54891eb5a5e5cda6" ON "account_jobs"  ("job_id") `);
    await queryRunner.query(`CREATE TABLE "claim_codes" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "job_id" character varying(32) NOT NULL, "code_hash" character(64) NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9c9e86014203a9d9370e1cfa9d2" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_51cb4509f7d598a0f68484e0d1" ON "claim_codes"  ("user_id", "job_id") `);
    await queryRunner.query(`ALTER TABLE "jobs" ADD "photo_gps_lat" double precision`);
    await queryRunner.query(`ALTER TABLE "jobs" ADD "photo_gps_lng" double precision`);
    await queryRunner.query(`ALTER TABLE "jobs" ADD "idempotency_fingerprint" character(64)`);
    await queryRunner.query(`ALTER TABLE "account_jobs" ADD CONSTRAINT "FK_08de0b1ae357f0fa6175e3b6b14" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "account_jobs" ADD CONSTRAINT "FK_7904798c8c54891eb5a5e5cda6a" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "claim_codes" ADD CONSTRAINT "FK_45846621eb5442ff0ba971d066e" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "claim_codes" ADD CONSTRAINT "FK_7d4756b4a3bf0006e0b883b8900" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "claim_codes" DROP CONSTRAINT "FK_7d4756b4a3bf0006e0b883b8900"`);
    await queryRunner.query(`ALTER TABLE "claim_codes" DROP CONSTRAINT "FK_45846621eb5442ff0ba971d066e"`);
    await queryRunner.query(`ALTER TABLE "account_jobs" DROP CONSTRAINT "FK_7904798c8c54891eb5a5e5cda6a"`);
    await queryRunner.query(`ALTER TABLE "account_jobs" DROP CONSTRAINT "FK_08de0b1ae357f0fa6175e3b6b14"`);
    await queryRunner.query(`ALTER TABLE "jobs" DROP COLUMN "idempotency_fingerprint"`);
    await queryRunner.query(`ALTER TABLE "jobs" DROP COLUMN "photo_gps_lng"`);
    await queryRunner.query(`ALTER TABLE "jobs" DROP COLUMN "photo_gps_lat"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_51cb4509f7d598a0f68484e0d1"`);
    await queryRunner.query(`DROP TABLE "claim_codes"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_7904798c8c54891eb5a5e5cda6"`);
    await queryRunner.query(`DROP TABLE "account_jobs"`);
    await queryRunner.query(`DROP INDEX "public"."users_email_lower_unique"`);
    await queryRunner.query(`DROP INDEX "public"."users_username_lower_unique"`);
  }
}
