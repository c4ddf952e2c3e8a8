import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { type PdfRenderRequest, type PdfRenderResult, QUEUES } from '@towing/contracts';
import { createConsumerConnection, ENVIRONMENT, type Environment } from '@towing/platform';
import { BillingDocuments } from '../billing/billing-documents.js';
import { PDF_CONCURRENCY } from './pdf-renderer.js';

/** Answers the API's PDF requests (the pdf-render queue) with the document's bytes. */
@Injectable()
export class PdfRenderConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PdfRenderConsumer.name);
  private worker?: Worker<PdfRenderRequest, PdfRenderResult>;
  private connection?: Redis;

  constructor(
    private readonly documents: BillingDocuments,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  onApplicationBootstrap(): void {
    this.connection = createConsumerConnection(this.environment.redisUrl);
    this.worker = new Worker<PdfRenderRequest, PdfRenderResult>(QUEUES.pdfRender, (job) => this.render(job.data), {
      connection: this.connection,
      prefix: this.environment.redisPrefix,
      concurrency: PDF_CONCURRENCY,
    });
    this.worker.on('failed', (job, error) => this.logger.warn(`PDF ${job?.data.kind} ${job?.data.id} failed: ${error.message}`));
    this.worker.on('error', () => undefined);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    this.connection?.disconnect();
  }

  private async render(request: PdfRenderRequest): Promise<PdfRenderResult> {
    const pdf = await this.documents.render(request);
    if (!pdf) throw new UnrecoverableError(`No ${request.kind} ${request.id}`);
    return { base64: pdf.bytes.toString('base64'), filename: pdf.filename };
  }
}
