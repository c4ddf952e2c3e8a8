import type { ApiError } from '@towing/contracts';
import type { FormInstance } from 'antd';
import { HttpError } from '../api/client';
import { applyServerErrors, errorText, serverErrors } from './serverErrors';

const answer = (body: ApiError | null) => new HttpError(body?.statusCode ?? 502, body ? JSON.stringify(body) : '<html>Bad gateway</html>', 'Bad Gateway', body);

const invalid = answer({
  statusCode: 400,
  error: 'Bad Request',
  message: ['phone: Please enter a valid phone number', 'location: Please provide a detailed location', 'phone: Phone is required'],
  errors: [
    { field: 'phone', message: 'Please enter a valid phone number' },
    { field: 'location', message: 'Please provide a detailed location' },
    { field: 'phone', message: 'Phone is required' },
  ],
});

describe('serverErrors', () => {
  it("keeps each field's first message and joins every field message for the toast", () => {
    expect(serverErrors(invalid)).toEqual({
      fields: { phone: 'Please enter a valid phone number', location: 'Please provide a detailed location' },
      message: 'Please enter a valid phone number. Please provide a detailed location. Phone is required',
    });
  });

  it("uses the API's message when it names no field", () => {
    expect(serverErrors(answer({ statusCode: 409, error: 'Conflict', message: 'This job has already been rated', errors: [] }))).toEqual({
      fields: {},
      message: 'This job has already been rated',
    });
    expect(serverErrors(answer({ statusCode: 400, error: 'Bad Request', message: ['first', 'second'], errors: [] })).message).toBe('first. second');
  });

  it('finds nothing in a failure the API did not answer', () => {
    expect(serverErrors(answer(null))).toEqual({ fields: {}, message: undefined });
    expect(serverErrors(new TypeError('Failed to fetch'))).toEqual({ fields: {}, message: undefined });
  });
});

describe('errorText', () => {
  it("prefers the API's words, then the error's own message", () => {
    expect(errorText(invalid)).toBe('Please enter a valid phone number. Please provide a detailed location. Phone is required');
    expect(errorText(answer(null))).toBe('502: <html>Bad gateway</html>');
    expect(errorText(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorText('not an error')).toBeUndefined();
  });
});

describe('applyServerErrors', () => {
  it('sets one message on each refused field of the form', () => {
    const calls: unknown[] = [];
    applyServerErrors({ setFields: (fields: unknown) => calls.push(fields) } as unknown as FormInstance, invalid);
    expect(calls).toEqual([[
      { name: 'phone', errors: ['Please enter a valid phone number'] },
      { name: 'location', errors: ['Please provide a detailed location'] },
    ]]);
  });
});
