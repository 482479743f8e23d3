import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@td/contracts/auth';

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A uniformly random 6-digit code, leading zeros kept. */
export function generateSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A random token for a one-click e-mail link. */
export function generateLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** `xxxxx-xxxxx` from an alphabet without look-alikes (0/o, 1/l/i). */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const one = () =>
    Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => `${one()}-${one()}`);
}

export function normalizeRecoveryCode(code: string): string {
  const compact = code.replace(/[\s-]/g, '').toLowerCase();
  return compact.length === 10 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
}

/**
 * Codes are stored as a keyed hash: a leaked table reveals no code, and a 6-digit code cannot be
 * found by hashing all million candidates without the key.
 */
export function createCodeHasher(key: Uint8Array) {
  const digest = (value: string) => createHmac('sha256', key).update(value).digest('base64url');
  return {
    hash: digest,
    matches(value: string, hash: string): boolean {
      const a = Buffer.from(digest(value));
      const b = Buffer.from(hash);
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}
export type CodeHasher = ReturnType<typeof createCodeHasher>;
