// Makes and hashes the account system's one-time codes: 6-digit e-mailed codes, link tokens and
// recovery codes. Codes are kept only as a keyed hash, so a leaked table reveals none of them.
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

/** Keeps the id of an address's password-reset decoy apart from other keyed hashes. */
const RESET_DECOY_DOMAIN = 'reset-decoy:';

/**
 * The id of the password-reset decoy of an address that gets no real code: a keyed hash of the
 * address, shaped as a uuid, so the same address always counts its tries on the same row.
 */
export function resetDecoyId(hasher: CodeHasher, email: string): string {
  const hex = Buffer.from(hasher.hash(RESET_DECOY_DOMAIN + email), 'base64url').toString('hex');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20, 32)].join(
    '-',
  );
}
