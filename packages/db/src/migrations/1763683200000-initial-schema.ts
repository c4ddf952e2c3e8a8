import type { MigrationInterface, QueryRunner } from "typeorm";

export class InitialSchema1763683200000 implements MigrationInterface {
    name = 'InitialSchema1763683200000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        // Job numbers come from a sequence: never from a count, never random.
        await queryRunner.query(`CREATE SEQUENCE "job_number_seq" START WITH 100`);
        await queryRunner.query(`CREATE TABLE "users" ("id" SERIAL NOT NULL, "username" character varying(50) NOT NULL, "password" character varying(255) NOT NULL, "email" character varying(100) NOT NULL, "first_name" character varying(50), "last_name" character varying(50), "phone" character varying(20), "role" character varying(20) NOT NULL DEFAULT 'customer', "is_active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_fe0bb3f6520ee0469504521e710" UNIQUE ("username"), CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "sessions" ("token_hash" character(64) NOT NULL, "user_id" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_abaa9e068cdd390bc5210f79884" PRIMARY KEY ("token_hash"))`);
        await queryRunner.query(`CREATE INDEX "IDX_9cfe37d28c3b229a350e086d94" ON "sessions"  ("expires_at") `);
        await queryRunner.query(`CREATE TABLE "jobs" ("id" character varying(32) NOT NULL, "customer_name" character varying(100) NOT NULL, "phone" character varying(20) NOT NULL, "email" character varying(100), "status" character varying(20) NOT NULL DEFAULT 'Assigned', "service" character varying(100) NOT NULL, "location" character varying(500) NOT NULL, "estimated_arrival" TIMESTAMP WITH TIME ZONE, "progress" integer NOT NULL DEFAULT '0', "assigned_to" character varying(50) NOT NULL DEFAULT 'Unassigned', "notes" text, "tracking_token" character varying(64) NOT NULL, "idempotency_key" character varying(100), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_4e81b984fda1f35dc105ffb6b3b" UNIQUE ("tracking_token"), CONSTRAINT "UQ_7f4246d003d8d50477c62fb25af" UNIQUE ("idempotency_key"), CONSTRAINT "jobs_progress_range" CHECK ("progress" BETWEEN 0 AND 100), CONSTRAINT "PK_cf0a6c42b72fcc7f7c237def345" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_554b26b3d1be80e8e5690f146c" ON "jobs"  ("phone") `);
        await queryRunner.query(`CREATE INDEX "IDX_a0c30e3eb9649fe7fbcd336a63" ON "jobs"  ("status") `);
        await queryRunner.query(`CREATE TABLE "job_updates" ("id" SERIAL NOT NULL, "job_id" character varying(32) NOT NULL, "message" text NOT NULL, "status" character varying(20) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b31a0accd2bd23000e14e2810c2" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_7aba5d088c2a26193978ff3e17" ON "job_updates"  ("job_id") `);
        await queryRunner.query(`CREATE TABLE "emails" ("id" SERIAL NOT NULL, "to" character varying(255) NOT NULL, "subject" character varying(255) NOT NULL, "html_content" text NOT NULL, "customer_info" jsonb, "timestamp" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "sent" boolean NOT NULL DEFAULT false, "notification_id" integer, CONSTRAINT "UQ_cba1dce3b583d27676f9f99b8d9" UNIQUE ("notification_id"), CONSTRAINT "PK_a54dcebef8d05dca7e839749571" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "notifications" ("id" SERIAL NOT NULL, "dedupe_key" character varying(200) NOT NULL, "job_id" character varying(32), "quote_id" character varying(32), "recipient_phone" character varying(20), "recipient_email" character varying(100), "type" character varying(10) NOT NULL, "status" character varying(20) NOT NULL DEFAULT 'pending', "message" text NOT NULL, "subject" character varying(255), "sent_at" TIMESTAMP WITH TIME ZONE, "error" text, "attempts" integer NOT NULL DEFAULT '0', "provider_message_id" character varying(255), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_1ce34a3c9fd97cd56bcb734ca9e" UNIQUE ("dedupe_key"), CONSTRAINT "PK_6a72c3c0f683f6462415e653c3a" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_d4203bc1e34c01fe1fb2e12e22" ON "notifications"  ("job_id") `);
        await queryRunner.query(`CREATE TABLE "outbox" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" character varying(100) NOT NULL, "payload" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "published_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_340ab539f309f03bdaa14aa7649" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "outbox_unpublished" ON "outbox"  ("created_at") WHERE "published_at" IS NULL`);
        await queryRunner.query(`CREATE TABLE "settings" ("key" character varying(50) NOT NULL, "value" jsonb NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c8639b7626fa94ba8265628f214" PRIMARY KEY ("key"))`);
        await queryRunner.query(`ALTER TABLE "sessions" ADD CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "job_updates" ADD CONSTRAINT "FK_7aba5d088c2a26193978ff3e173" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "job_updates" DROP CONSTRAINT "FK_7aba5d088c2a26193978ff3e173"`);
        await queryRunner.query(`ALTER TABLE "sessions" DROP CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19"`);
        await queryRunner.query(`DROP TABLE "settings"`);
        await queryRunner.query(`DROP INDEX "public"."outbox_unpublished"`);
        await queryRunner.query(`DROP TABLE "outbox"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_d4203bc1e34c01fe1fb2e12e22"`);
        await queryRunner.query(`DROP TABLE "notifications"`);
        await queryRunner.query(`DROP TABLE "emails"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_7aba5d088c2a26193978ff3e17"`);
        await queryRunner.query(`DROP TABLE "job_updates"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_a0c30e3eb9649fe7fbcd336a63"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_554b26b3d1be80e8e5690f146c"`);
        await queryRunner.query(`DROP TABLE "jobs"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_9cfe37d28c3b229a350e086d94"`);
        await queryRunner.query(`DROP TABLE "sessions"`);
        await queryRunner.query(`DROP TABLE "users"`);
        await queryRunner.query(`DROP SEQUENCE "job_number_seq"`);
    }

}
