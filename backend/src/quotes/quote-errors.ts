import type { NotFoundException } from '@nestjs/common';
import { notFound } from '../common/errors.js';

export function quoteNotFound(): NotFoundException {
  return notFound('Quote not found');
}

/** A quote id as we make them (22 base64url characters); anything else is answered 404 without a lookup. */
export function isQuoteId(id: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(id);
}
