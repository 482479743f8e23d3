import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ApiError } from './api-client';
import { hasFieldErrors, zodFieldErrors } from './form-errors';
import { serverFieldErrors } from './server-field-errors';

describe('zodFieldErrors', () => {
  it('keeps the first message of each field', () => {
    const schema = z.object({
      name: z.string().check(z.minLength(2, 'Too short'), z.regex(/x/, 'Needs an x')),
      age: z.number(),
    });
    const result = schema.safeParse({ name: 'a', age: 'old' });
    expect(result.success).toBe(false);
    if (result.success) return;
    const errors = zodFieldErrors<'name' | 'age'>(result.error);
    expect(errors.name).toBe('Too short');
    expect(errors.age).toBeTypeOf('string');
  });
});

describe('serverFieldErrors', () => {
  it('puts validation details under their field names', () => {
    const error = new ApiError('Validation failed', {
      status: 400,
      code: 'VALIDATION',
      details: [
        { field: 'body.email', message: 'Enter a valid email address' },
        { field: 'body.email', message: 'second' },
        { field: 'body.password', message: 'Too short' },
      ],
    });
    expect(serverFieldErrors(error)).toEqual({ email: 'Enter a valid email address', password: 'Too short' });
  });

  it('gives nothing for other errors', () => {
    expect(serverFieldErrors(new ApiError('Conflict', { status: 409, code: 'CONFLICT' }))).toEqual({});
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });
});

describe('hasFieldErrors', () => {
  it('is true only when a message is present', () => {
    expect(hasFieldErrors({})).toBe(false);
    expect(hasFieldErrors({ a: undefined })).toBe(false);
    expect(hasFieldErrors({ a: 'x' })).toBe(true);
  });
});
