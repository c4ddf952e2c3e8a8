import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Public PDFs are rendered once per version of their document and served from here after that. */
export class RenderedPdfs1795446000002 implements MigrationInterface {
  name = 'RenderedPdfs1795446000002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "rendered_pdfs" ("kind" character varying(10) NOT NULL, "document_id" character varying(32) NOT NULL, "version" character(64) NOT NULL, "filename" character varying(100) NOT NULL, "bytes" bytea NOT NULL, "rendered_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_rendered_pdfs" PRIMARY KEY ("kind", "document_id"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "rendered_pdfs"`);
  }
}
