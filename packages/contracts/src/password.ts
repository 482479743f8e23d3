import { z } from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { SINGLE_LINE_PATTERN } from './text';

// Weakest first, so a meter can show the index as its filled segments.
export const PASSWORD_STRENGTH_LEVELS = ['none', 'poor', 'good', 'excellent', 'perfect'] as const;
export type TPasswordStrength = (typeof PASSWORD_STRENGTH_LEVELS)[number];

const LOWER = /[a-z]/;
const UPPER = /[A-Z]/;
const DIGIT = /\d/;
const SYMBOL = /[!@#$%^&*()_+]/;

// Each level's requirements include the ones below it, so checking from the top down returns the
// highest level met.
export const passwordStrength = (pw: string): TPasswordStrength => {
  if (pw.length === 0) return 'none';
  const hasBothCases = LOWER.test(pw) && UPPER.test(pw);
  const hasDigit = DIGIT.test(pw);
  if (pw.length >= 12 && hasBothCases && hasDigit && SYMBOL.test(pw)) return 'perfect';
  if (pw.length >= 8 && hasBothCases && hasDigit) return 'excellent';
  if (pw.length >= 6 && hasBothCases) return 'good';
  return 'poor';
};

/** Said of a password on the list of the most common ones (the server refuses them). */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose one that is harder to guess';

/**
 * Why a new password would be refused, or undefined: its length and characters, then whether it is
 * one of `common` (lower case), the most common passwords, when the list is at hand.
 */
export function newPasswordProblem(password: string, common?: ReadonlySet<string>): string | undefined {
  const parsed = ZPassword.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message;
  return common?.has(password.toLowerCase()) ? COMMON_PASSWORD_MESSAGE : undefined;
}

const CONTROL_MESSAGE = 'Password must not contain control characters';

// The meter advises; only length is enforced, so a long passphrase is never refused for lacking
// a digit. The upper bound keeps hashing cost bounded. Spaces count, and nothing is trimmed.
export const ZPassword = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
    z.regex(SINGLE_LINE_PATTERN, CONTROL_MESSAGE),
  );
export type TPassword = z.infer<typeof ZPassword>;

/** A password given to be checked (sign-in, the current one): any length a stored one could have. */
export const PASSWORD_GIVEN_LENGTH_MAX = 256;
export const ZPasswordGiven = z
  .string()
  .check(
    z.minLength(1, 'Enter your password'),
    z.maxLength(
      PASSWORD_GIVEN_LENGTH_MAX,
      `Password must be at most ${PASSWORD_GIVEN_LENGTH_MAX} characters`,
    ),
    z.regex(SINGLE_LINE_PATTERN, CONTROL_MESSAGE),
  );
