import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PdfRenderRequest } from '@towing/contracts';

/**
 * A document's PDF as last rendered, kept so a public link is rendered once per version of its
 * document and served from here after that. One row per document: a new version replaces it.
 */
@Entity({ name: 'rendered_pdfs' })
export class RenderedPdfEntity {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  kind: PdfRenderRequest['kind'];

  /** The quote's id or the invoice's number, as the render request names it. */
  @PrimaryColumn({ type: 'varchar', length: 32 })
  documentId: string;

  /** A digest of everything the PDF prints, so any change to the document makes a new version. */
  @Column({ type: 'char', length: 64 })
  version: string;

  @Column({ type: 'varchar', length: 100 })
  filename: string;

  @Column({ type: 'bytea' })
  bytes: Buffer;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  renderedAt: Date;
}
