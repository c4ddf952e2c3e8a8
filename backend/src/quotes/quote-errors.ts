import { ConflictException, NotFoundException } from '@nestjs/common';

export function quoteNotFound(): NotFoundException {
  return new NotFoundException({ statusCode: 404, error: 'Not Found', message: 'Quote not found' });
}

export function quoteConflict(message: string): ConflictException {
  return new ConflictException({ statusCode: 409, error: 'Conflict', message });
}

/** A quote id as we make them (22 base64url characters); anything else is answered 404 without a lookup. */
export function isQuoteId(id: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(id);
}
