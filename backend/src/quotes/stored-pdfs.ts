import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { PdfRenderRequest } from '@towing/contracts';
import { RenderedPdfEntity } from '@towing/db';
import { PdfRenderClient } from './pdf-render.client.js';

export interface StoredPdf {
  bytes: Buffer;
  filename: string;
}

/**
 * PDFs a public link serves, rendered once per version of their document and read from
 * PostgreSQL after that, so repeated or parallel downloads never keep the worker's browser
 * busy. Parallel requests in one API instance share one flight; across instances a lock per
 * document lets one render while the others wait for its bytes.
 */
@Injectable()
export class StoredPdfs {
  private readonly inFlight = new Map<string, Promise<StoredPdf>>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly renderer: PdfRenderClient,
  ) {}

  /** The document's PDF at `version` (a digest of what it prints). */
  get(request: PdfRenderRequest, version: string): Promise<StoredPdf> {
    const key = `${request.kind}:${request.id}:${version}`;
    let flight = this.inFlight.get(key);
    if (!flight) {
      flight = this.storedOrRendered(request, version).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, flight);
    }
    return flight;
  }

  private async storedOrRendered(request: PdfRenderRequest, version: string): Promise<StoredPdf> {
    const stored = await this.stored(this.dataSource.manager, request, version);
    if (stored) return stored;
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`rendered-pdf:${request.kind}:${request.id}`]);
      const renderedMeanwhile = await this.stored(manager, request, version);
      if (renderedMeanwhile) return renderedMeanwhile;
      const { bytes, filename } = await this.renderer.render({ kind: request.kind, id: request.id });
      await manager.getRepository(RenderedPdfEntity).upsert({ kind: request.kind, documentId: request.id, version, filename, bytes, renderedAt: new Date() }, ['kind', 'documentId']);
      return { bytes, filename };
    });
  }

  private async stored(manager: EntityManager, request: PdfRenderRequest, version: string): Promise<StoredPdf | null> {
    const row = await manager.getRepository(RenderedPdfEntity).findOneBy({ kind: request.kind, documentId: request.id, version });
    return row ? { bytes: row.bytes, filename: row.filename } : null;
  }
}
