import { Processor } from '@nestjs/bullmq';
import { UnrecoverableError } from 'bullmq';
import { type PdfRenderResult, QUEUES } from '@towing/contracts';
import type { JobOf } from '@towing/platform';
import { BillingDocuments } from '../billing/billing-documents.js';
import { WorkerMetrics } from '../metrics/worker-metrics.js';
import { QueueConsumer } from '../queues/queue-consumer.js';
import { PDF_CONCURRENCY } from './pdf-renderer.js';

/** Answers the API's PDF requests (the pdf-render queue) with the document's bytes. */
@Processor(QUEUES.pdfRender, { concurrency: PDF_CONCURRENCY, autorun: false })
export class PdfRenderConsumer extends QueueConsumer<'pdf-render'> {
  constructor(
    private readonly documents: BillingDocuments,
    private readonly metrics: WorkerMetrics,
  ) {
    super();
  }

  async process({ data: request }: JobOf<'pdf-render'>): Promise<PdfRenderResult> {
    const rendered = this.metrics.pdfRenderSeconds.startTimer({ kind: request.kind });
    const pdf = await this.documents.render(request);
    rendered();
    if (!pdf) throw new UnrecoverableError(`No ${request.kind} ${request.id}`);
    return { base64: pdf.bytes.toString('base64'), filename: pdf.filename };
  }
}
