import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An account's email is a contact address the customer typed, never verified and never used to
 * sign in or to find anyone's jobs. Unique, it let anyone hold someone else's address (so its
 * owner could not register) and let registration tell whether an address had an account.
 */
export class AccountEmailNotUnique1795441000000 implements MigrationInterface {
  name = 'AccountEmailNotUnique1795441000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."users_email_lower_unique"`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3"`);
  }

  /** Fails while two accounts share an address: which one keeps it is not a migration's choice. */
  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" (lower("email"))`);
  }
}
