import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Staff devices that turned SOS alerts on (Web Push). */
export class PushSubscriptions1795571085732 implements MigrationInterface {
  name = 'PushSubscriptions1795571085732';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "push_subscriptions" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "endpoint" character varying(1024) NOT NULL, "p256dh" character varying(100) NOT NULL, "auth" character varying(50) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_push_subscriptions_endpoint" UNIQUE ("endpoint"), CONSTRAINT "PK_push_subscriptions" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_push_subscriptions_user_id" ON "push_subscriptions" ("user_id")`);
    await queryRunner.query(`ALTER TABLE "push_subscriptions" ADD CONSTRAINT "FK_push_subscriptions_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "push_subscriptions"`);
  }
}
