import { BadRequestException, ConflictException, NotFoundException, UnprocessableEntityException } from '@nestjs/common';

/** A request refused because of one field, in the one error shape. */
export function fieldRefused(statusCode: 400 | 409 | 422, field: string, message: string): BadRequestException | ConflictException | UnprocessableEntityException {
  const body = { statusCode, message, errors: [{ field, message }] };
  if (statusCode === 409) return new ConflictException({ ...body, error: 'Conflict' });
  if (statusCode === 422) return new UnprocessableEntityException({ ...body, error: 'Unprocessable Entity' });
  return new BadRequestException({ ...body, error: 'Bad Request' });
}

export function notFound(what: string, id: number): NotFoundException {
  return new NotFoundException({ statusCode: 404, error: 'Not Found', message: `${what} ${id} not found` });
}

/** The spec's words for a duplicate registration (admin spec, section 8). */
export const DUPLICATE_REGISTRATION = 'Registration number already exists. Please use a different registration.';
