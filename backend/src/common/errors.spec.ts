import { BadRequestException, ConflictException, NotFoundException, UnauthorizedException, UnprocessableEntityException } from '@nestjs/common';
import type { Response } from 'express';
import { apiError, conflict, fieldError, invalidFields, notFound, tooManyRequests, unauthorized } from './errors.js';

describe('fieldError', () => {
  it('is the one error shape, with the message on the field at fault', () => {
    const error = fieldError(409, 'registration', 'Registration number already exists');
    expect(error).toBeInstanceOf(ConflictException);
    expect(error.getStatus()).toBe(409);
    expect(error.getResponse()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Registration number already exists',
      errors: [{ field: 'registration', message: 'Registration number already exists' }],
    });
  });

  it('is the Nest exception of its status, so handlers that look for one still find it', () => {
    expect(fieldError(400, 'photo', 'Please attach a photo')).toBeInstanceOf(BadRequestException);
    expect(fieldError(422, 'Idempotency-Key', 'Reused').getResponse()).toMatchObject({ error: 'Unprocessable Entity' });
    expect(fieldError(422, 'Idempotency-Key', 'Reused')).toBeInstanceOf(UnprocessableEntityException);
  });
});

describe('the other refusals', () => {
  it('carry no field, in the same shape', () => {
    expect(notFound('Job JOB-1 not found')).toBeInstanceOf(NotFoundException);
    expect(notFound('Job JOB-1 not found').getResponse()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Job JOB-1 not found', errors: [] });
    expect(conflict('Locked').getResponse()).toEqual({ statusCode: 409, error: 'Conflict', message: 'Locked', errors: [] });
    expect(unauthorized('Please sign in')).toBeInstanceOf(UnauthorizedException);
  });

  it('lists every failing field, each named in the message too', () => {
    const error = invalidFields([
      { field: 'phone', message: 'must be a phone number' },
      { field: 'name', message: 'is required' },
    ]);
    expect(error.getResponse()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: ['phone: must be a phone number', 'name: is required'],
      errors: [
        { field: 'phone', message: 'must be a phone number' },
        { field: 'name', message: 'is required' },
      ],
    });
  });

  it('says when to retry a 429, in whole seconds and never 0', () => {
    const headers: Record<string, string> = {};
    const response = { setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as Response;
    const error = tooManyRequests(response, 1, (seconds) => `Try again in ${seconds} seconds`);
    expect(error.getStatus()).toBe(429);
    expect(error.getResponse()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: 'Try again in 1 seconds', errors: [] });
    expect(headers['Retry-After']).toBe('1');
  });

  it('names a status as Node does', () => {
    expect(apiError(413, 'body: the request body is too large').error).toBe('Payload Too Large');
    expect(apiError(502, 'Stripe is away').error).toBe('Bad Gateway');
  });
});
