import { Module } from '@nestjs/common';
import { QUEUES } from '@towing/contracts';
import { registerQueues } from '@towing/platform';
import { JobsModule } from '../jobs/jobs.module.js';
import { PdfRenderClient } from './pdf-render.client.js';
import { QuoteAcceptanceService } from './quote-acceptance.service.js';
import { QuotesController } from './quotes.controller.js';
import { QuotesService } from './quotes.service.js';
import { StoredPdfs } from './stored-pdfs.js';

@Module({
  imports: [JobsModule, registerQueues(QUEUES.pdfRender)],
  controllers: [QuotesController],
  providers: [QuotesService, QuoteAcceptanceService, PdfRenderClient, StoredPdfs],
  exports: [QuoteAcceptanceService, PdfRenderClient, StoredPdfs],
})
export class QuotesModule {}
