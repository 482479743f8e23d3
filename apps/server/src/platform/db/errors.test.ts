import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from './errors';

/** As Drizzle reports a failed statement: its own error, the driver's as the cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'the server shutting down (57P01)',
      Object.assign(new Error('terminating connection'), { code: '57P01' }),
    ],
    [
      'the server still starting (57P03)',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    ['a connection failure class (08006)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['no connection slot left (53300)', Object.assign(new Error('too many clients'), { code: '53300' })],
    [
      'a refused socket',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
  ])('is true for %s, bare or wrapped', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it('is false for a statement that failed on its own', () => {
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(isDatabaseUnavailable(wrapped(unique))).toBe(false);
    expect(isUniqueViolation(wrapped(unique))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('syntax'), { code: '42601' })))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
