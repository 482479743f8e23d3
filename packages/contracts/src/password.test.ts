import { describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORD_MESSAGE,
  newPasswordProblem,
  PASSWORD_STRENGTH_LEVELS,
  passwordStrength,
  ZPassword,
} from './password';

describe('passwordStrength', () => {
  it.each([
    ['', 'none', 'an empty password'],
    ['a', 'poor', 'a single character'],
    ['abcdefghijklmnop', 'poor', 'long lower case only'],
    ['abCDe', 'poor', 'both cases but only five characters'],
    ['1234567890!@', 'poor', 'digits and symbols without letters'],
    ['abcDEF', 'good', 'six characters with both cases'],
    ['abcDE1', 'good', 'a digit but fewer than eight characters'],
    ['abcdEFGH', 'good', 'eight characters but no digit'],
    ['abcdEFG1', 'excellent', 'eight characters with both cases and a digit'],
    ['abcdEFG1!xy', 'excellent', 'a symbol but fewer than twelve characters'],
    ['abcdEFG1-xyz', 'excellent', 'twelve characters but no listed symbol'],
    ['abcdEFG1!xyz', 'perfect', 'twelve characters with both cases, a digit and a symbol'],
    ['Abcdefghij1+', 'perfect', 'twelve characters with both cases, a digit and a plus'],
  ])('rates %j %s: %s', (password, level) => {
    expect(passwordStrength(password)).toBe(level);
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

  it.each([
    ['seven characters', '1234567', 'Password must be at least 8 characters'],
    ['129 characters', 'x'.repeat(129), 'Password must be at most 128 characters'],
  ])('refuses %s with a message naming the bound', (_case, password, message) => {
    const result = ZPassword.safeParse(password);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
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
