import { type BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { FieldError } from '@towing/contracts';
import { invalidFields } from './errors.js';

/** What the validator says of a field no DTO declares. */
export const UNKNOWN_FIELD = 'Unknown field';

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([rule, message]) => ({
      field,
      message: rule === 'whitelistValidation' ? UNKNOWN_FIELD : message,
    }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

export function validationFailed(errors: ValidationError[]): BadRequestException {
  return invalidFields(flatten(errors));
}

const OPTIONS = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  validationError: { target: false, value: false },
} as const;

/** The one validation policy: unknown fields are refused, every failing field is listed. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({ ...OPTIONS, transform: true, exceptionFactory: validationFailed });
}

/** The body as a JSON object, or the 400 every route gives for anything else (no body, text, an array). */
export function jsonObject(body: unknown): object {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidFields([{ field: 'body', message: 'must be a JSON object' }]);
  return body;
}

/** Validates a body against a DTO chosen at run time (for example by the caller's role). */
export async function validateBody<T extends object>(dto: new () => T, body: unknown): Promise<T> {
  const instance = plainToInstance(dto, jsonObject(body));
  const errors = await validate(instance, OPTIONS);
  if (errors.length > 0) throw validationFailed(errors);
  return instance;
}
