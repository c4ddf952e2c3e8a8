import { Controller, Param, Query, Req, Res, type StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import type { JobInvoicesResponse } from '@towing/contracts';
import type { AuthenticatedRequest } from '../auth/access.guard.js';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { clientKey } from '../rate-limit/client-key.js';
import { RateLimit } from '../rate-limit/rate-limit.js';
import { pdfDownload, QUOTE_READ_LIMIT } from '../quotes/quote-http.js';
import { StoredPdfs } from '../quotes/stored-pdfs.js';
import { JobInvoicesQueryDto } from './dto/job-invoices-query.dto.js';
import { InvoicesService } from './invoices.service.js';

@Controller()
export class InvoicesController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly pdfs: StoredPdfs,
  ) {}

  @Endpoint('GET /api/quotes/:id/invoices/:number/pdf')
  @Access('public')
  @RateLimit(QUOTE_READ_LIMIT)
  async pdf(@Param('id') quoteId: string, @Param('number') number: string): Promise<StreamableFile> {
    const invoice = await this.invoices.findOnQuote(quoteId, number);
    const { bytes, filename } = await this.pdfs.get({ kind: 'invoice', id: invoice.number }, await this.invoices.printedVersion(invoice));
    return pdfDownload(bytes, filename);
  }

  /** Few tries per address, besides the asker's count of wrong proofs (PROOF_ATTEMPTS). */
  @Endpoint('GET /api/jobs/:id/invoices')
  @Access('public')
  @RateLimit({ name: 'job-invoices', points: 10, windowSeconds: 60 })
  async forJob(
    @Param('id') jobId: string,
    @Query() query: JobInvoicesQueryDto,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<JobInvoicesResponse> {
    return { invoices: await this.invoices.forJob(jobId, query, { user: request.user ?? null, client: clientKey(request.ip), response }) };
  }
}
