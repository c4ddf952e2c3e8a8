import { Body, Controller, Header, HttpCode, Param, Req, type StreamableFile } from '@nestjs/common';
import type { AcceptQuoteResponse, Quote, QuoteReadResponse } from '@towing/contracts';
import type { AuthenticatedRequest } from '../auth/access.guard.js';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { RateLimit } from '../rate-limit/rate-limit.js';
import { AcceptQuoteDto } from './dto/accept-quote.dto.js';
import { QuoteInputDto } from './dto/quote-input.dto.js';
import { QuoteStatusDto } from './dto/quote-status.dto.js';
import { PdfRenderClient } from './pdf-render.client.js';
import { isQuoteId, quoteNotFound } from './quote-errors.js';
import { FRAMED_PDF_POLICY, pdfDownload, pdfInline, QUOTE_ACCEPT_LIMIT, QUOTE_READ_LIMIT } from './quote-http.js';
import { QuotesService } from './quotes.service.js';


@Controller()
export class QuotesController {
  constructor(
    private readonly quotes: QuotesService,
    private readonly pdfs: PdfRenderClient,
  ) {}

  @Endpoint('GET /api/quotes')
  @Access('admin')
  list(): Promise<Quote[]> {
    return this.quotes.list();
  }

  @Endpoint('POST /api/quotes')
  @Access('admin')
  @HttpCode(201)
  create(@Body() dto: QuoteInputDto): Promise<Quote> {
    return this.quotes.create(dto);
  }

  /** The customer's link reads this; admins get the whole quote, including drafts. */
  @Endpoint('GET /api/quotes/:id')
  @Access('public')
  @RateLimit(QUOTE_READ_LIMIT)
  read(@Param('id') id: string, @Req() request: AuthenticatedRequest): Promise<QuoteReadResponse> {
    return request.user?.role === 'admin' ? this.quotes.view(id) : this.quotes.publicView(id);
  }

  @Endpoint('PUT /api/quotes/:id')
  @Access('admin')
  update(@Param('id') id: string, @Body() dto: QuoteInputDto): Promise<Quote> {
    return this.quotes.update(id, dto);
  }

  @Endpoint('PATCH /api/quotes/:id')
  @Access('admin')
  setStatus(@Param('id') id: string, @Body() dto: QuoteStatusDto): Promise<Quote> {
    return this.quotes.setStatus(id, dto.status);
  }

  @Endpoint('DELETE /api/quotes/:id')
  @Access('admin')
  @HttpCode(204)
  remove(@Param('id') id: string): Promise<void> {
    return this.quotes.remove(id);
  }

  @Endpoint('POST /api/quotes/:id/send-email')
  @Access('admin')
  @HttpCode(202)
  sendEmail(@Param('id') id: string): Promise<Quote> {
    return this.quotes.requestEmail(id);
  }

  @Endpoint('GET /api/quotes/:id/pdf')
  @Access('admin')
  async pdf(@Param('id') id: string): Promise<StreamableFile> {
    if (!isQuoteId(id)) throw quoteNotFound();
    await this.quotes.view(id);
    const { bytes, filename } = await this.pdfs.render({ kind: 'quote', id });
    return pdfDownload(bytes, filename);
  }

  /** Preview: the same PDF inline, framed by the admin page from our own origin. */
  @Endpoint('GET /api/quotes/:id/preview')
  @Access('admin')
  @Header('Content-Security-Policy', FRAMED_PDF_POLICY)
  @Header('X-Frame-Options', 'SAMEORIGIN')
  @Header('Cache-Control', 'private, no-store')
  async preview(@Param('id') id: string): Promise<StreamableFile> {
    if (!isQuoteId(id)) throw quoteNotFound();
    await this.quotes.view(id);
    const { bytes, filename } = await this.pdfs.render({ kind: 'quote', id });
    return pdfInline(bytes, filename);
  }

  @Endpoint('POST /api/quotes/:id/accept')
  @Access('public')
  @RateLimit(QUOTE_ACCEPT_LIMIT)
  @HttpCode(200)
  accept(@Param('id') id: string, @Body() dto: AcceptQuoteDto, @Req() request: AuthenticatedRequest): Promise<AcceptQuoteResponse> {
    return this.quotes.accept(id, dto, request.ip);
  }
}
