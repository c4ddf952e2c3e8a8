import { NotFoundException } from '@nestjs/common';

export function notFound(what: string, id: number): NotFoundException {
  return new NotFoundException({ statusCode: 404, error: 'Not Found', message: `${what} ${id} not found` });
}

/** The spec's words for a duplicate registration (admin spec, section 8). */
export const DUPLICATE_REGISTRATION = 'Registration number already exists. Please use a different registration.';
