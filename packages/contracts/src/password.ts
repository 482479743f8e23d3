import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

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

// The meter advises; only length is enforced, so a long passphrase is never refused for lacking
// a digit. The upper bound keeps hashing cost bounded.
export const ZPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
export type TPassword = z.infer<typeof ZPassword>;
