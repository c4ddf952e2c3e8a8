import { StreamableFile } from '@nestjs/common';
import type { RateLimitPolicy } from '../rate-limit/rate-limit-policy.js';

/** A PDF as a download under the worker's file name. */
export function pdfDownload(bytes: Buffer, filename: string): StreamableFile {
  return new StreamableFile(bytes, { type: 'application/pdf', disposition: `attachment; filename="${filename}"`, length: bytes.length });
}

/** The PDF shown inline (the admin's Preview frame). */
export function pdfInline(bytes: Buffer, filename: string): StreamableFile {
  return new StreamableFile(bytes, { type: 'application/pdf', disposition: `inline; filename="${filename}"`, length: bytes.length });
}

/**
 * An inline PDF may be framed by our own pages and nothing else; it loads nothing itself. Set on
 * the answer over the API's default (frame-ancestors 'none'), which forbids any frame.
 */
export const FRAMED_PDF_POLICY = "default-src 'none'; frame-ancestors 'self'";

/** Public reads by quote link: plenty for a customer reloading their page, far too few to walk ids. */
export const QUOTE_READ_LIMIT: RateLimitPolicy = { name: 'quote-read', points: 60, windowSeconds: 60 };
export const QUOTE_ACCEPT_LIMIT: RateLimitPolicy = { name: 'quote-accept', points: 10, windowSeconds: 60 };
export const PAYMENT_INTENT_LIMIT: RateLimitPolicy = { name: 'payment-intent', points: 20, windowSeconds: 60 };
