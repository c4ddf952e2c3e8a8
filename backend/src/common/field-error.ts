import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  NotFoundException,
  PayloadTooLargeException,
  UnprocessableEntityException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import type { ApiError } from '@towing/contracts';
import { httpErrorName } from './api-exception.filter.js';

const EXCEPTIONS = {
  400: BadRequestException,
  403: ForbiddenException,
  404: NotFoundException,
  409: ConflictException,
  413: PayloadTooLargeException,
  415: UnsupportedMediaTypeException,
  422: UnprocessableEntityException,
} as const;

export type FieldErrorStatus = keyof typeof EXCEPTIONS;

/**
 * A request refused because of one field, in the one error shape ({@link ApiError}): the
 * message, and the same message on that field, which the forms show next to it.
 */
export function fieldError<S extends FieldErrorStatus>(statusCode: S, field: string, message: string): InstanceType<(typeof EXCEPTIONS)[S]> {
  const body: ApiError = { statusCode, error: httpErrorName(statusCode), message, errors: [{ field, message }] };
  return new EXCEPTIONS[statusCode](body) as InstanceType<(typeof EXCEPTIONS)[S]>;
}
