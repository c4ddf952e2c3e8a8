import { BadRequestException, ConflictException, UnprocessableEntityException } from '@nestjs/common';
import { fieldError } from './field-error.js';

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
