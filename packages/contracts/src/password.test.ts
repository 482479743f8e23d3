import { describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORD_MESSAGE,
  newPasswordProblem,
  PASSWORD_STRENGTH_LEVELS,
  passwordStrength,
  ZPassword,
} from './password';

describe('passwordStrength', () => {
  it('rates an empty password none', () => {
    expect(passwordStrength('')).toBe('none');
  });

  it.each([
    ['a single character', 'a'],
    ['long lower case only', 'abcdefghijklmnop'],
    ['both cases but only five characters', 'abCDe'],
    ['digits and symbols without letters', '1234567890!@'],
  ])('rates %s poor', (_case, pw) => {
    expect(passwordStrength(pw)).toBe('poor');
  });

  it('rates six characters with both cases good', () => {
    expect(passwordStrength('abcDEF')).toBe('good');
  });

  it('stays at good with a digit but fewer than eight characters', () => {
    expect(passwordStrength('abcDE1')).toBe('good');
  });

  it('stays at good with eight characters but no digit', () => {
    expect(passwordStrength('abcdEFGH')).toBe('good');
  });

  it('rates eight characters with both cases and a digit excellent', () => {
    expect(passwordStrength('abcdEFG1')).toBe('excellent');
  });

  it('stays at excellent with a symbol but fewer than twelve characters', () => {
    expect(passwordStrength('abcdEFG1!xy')).toBe('excellent');
  });

  it('stays at excellent with twelve characters but no listed symbol', () => {
    expect(passwordStrength('abcdEFG1-xyz')).toBe('excellent');
  });

  it('rates twelve characters with both cases, a digit and a symbol perfect', () => {
    expect(passwordStrength('abcdEFG1!xyz')).toBe('perfect');
    expect(passwordStrength('Abcdefghij1+')).toBe('perfect');
  });

  it('orders the levels from weakest to strongest', () => {
    expect(PASSWORD_STRENGTH_LEVELS).toEqual(['none', 'poor', 'good', 'excellent', 'perfect']);
  });
});

describe('ZPassword', () => {
  it('accepts eight characters and 128 characters', () => {
    expect(ZPassword.parse('12345678')).toBe('12345678');
    expect(ZPassword.parse('x'.repeat(128))).toHaveLength(128);
  });

  it('refuses seven characters with a message naming the minimum', () => {
    const result = ZPassword.safeParse('1234567');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Password must be at least 8 characters',
    ]);
  });

  it('refuses 129 characters with a message naming the maximum', () => {
    const result = ZPassword.safeParse('x'.repeat(129));
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Password must be at most 128 characters',
    ]);
  });
});

describe('why a new password would be refused', () => {
  const common = new Set(['password1']);

  it('names the rule it breaks, as the server does', () => {
    expect(newPasswordProblem('Abc12')).toBe('Password must be at least 8 characters');
    expect(newPasswordProblem('Password1', common)).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it('has nothing against a long uncommon one, nor against a common one before the list is at hand', () => {
    expect(newPasswordProblem('Tr4ding-desk!', common)).toBeUndefined();
    expect(newPasswordProblem('Password1')).toBeUndefined();
  });
});
