import { HttpException, HttpStatus } from '@nestjs/common';
import type { Response } from 'express';

/** A 429 in the one error shape, with Retry-After in whole seconds (at least 1). */
export function tooManyRequests(response: Response, msBeforeNext: number, message: (seconds: number) => string): HttpException {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  response.setHeader('Retry-After', String(seconds));
  return new HttpException(
    { statusCode: HttpStatus.TOO_MANY_REQUESTS, error: 'Too Many Requests', message: message(seconds), errors: [] },
    HttpStatus.TOO_MANY_REQUESTS,
  );
}
