import { CODE_ATTEMPTS_MAX } from '@td/contracts/auth';
import type { TTokenType } from '@td/contracts/statuses';
import { badRequest } from '../../platform/errors';
import type { RateLimitRule } from '../../platform/rate-limit';
import type { SessionStage } from './auth.repository';

/** The account system's rules: limits, messages and the small helpers its services share. */

/** Where a request came from: recorded with sessions and login history. */
export interface ClientContext {
  ip: string;
  /** What every per-address limit counts under: the address, or its /64 for IPv6 (`addressLimitKey`). */
  limitKey: string;
  userAgent: string;
}

export const MINUTE_MS = 60_000;
/** Named limits on every guessable step (per IP against spraying, per account against focus). */
export const AUTH_LIMITS = {
  signinPerIp: { name: 'signin-ip', max: 30, windowMs: 15 * MINUTE_MS },
  /**
   * Sign-in focus on one account is counted per account *and* address: a stranger's wrong
   * passwords use up their own address's tries, never the owner's.
   */
  signinPerAccountAndIp: { name: 'signin-account-ip', max: 10, windowMs: 15 * MINUTE_MS },
  /**
   * All tries at one account from addresses it has never signed in from: bounds guessing spread
   * over many addresses; the owner's known addresses are not counted and never refused by it.
   */
  signinPerAccountFromNewIps: { name: 'signin-account-new-ip', max: 100, windowMs: 15 * MINUTE_MS },
  signupPerIp: { name: 'signup-ip', max: 10, windowMs: 60 * MINUTE_MS },
  signupPerAccount: { name: 'signup-account', max: 5, windowMs: 60 * MINUTE_MS },
  forgotPerIp: { name: 'forgot-ip', max: 10, windowMs: 15 * MINUTE_MS },
  forgotPerAccount: { name: 'forgot-account', max: 3, windowMs: 15 * MINUTE_MS },
  resetPerIp: { name: 'reset-ip', max: 20, windowMs: 15 * MINUTE_MS },
  resetPerAccount: { name: 'reset-account', max: 10, windowMs: 15 * MINUTE_MS },
  verifyPerIp: { name: 'verify-ip', max: 30, windowMs: 15 * MINUTE_MS },
  verifyPerAccount: { name: 'verify-account', max: 10, windowMs: 15 * MINUTE_MS },
  resendPerAccount: { name: 'resend-account', max: 3, windowMs: 10 * MINUTE_MS },
  /** Codes that confirm an action (a withdrawal): per account and purpose. */
  actionCodePerAccount: { name: 'action-code-account', max: 10, windowMs: 10 * MINUTE_MS },
  /** Checks of the codes that confirm an action (a withdrawal's e-mailed and authenticator codes). */
  actionCheckPerIp: { name: 'action-check-ip', max: 30, windowMs: 10 * MINUTE_MS },
  actionCheckPerAccount: { name: 'action-check-account', max: 10, windowMs: 10 * MINUTE_MS },
  tfaPerIp: { name: 'tfa-ip', max: 30, windowMs: 15 * MINUTE_MS },
  tfaPerAccount: { name: 'tfa-account', max: 10, windowMs: 15 * MINUTE_MS },
  /** Turning two-factor on (a guessable code) and off (a password and a code), when signed in. */
  tfaActivatePerIp: { name: 'tfa-activate-ip', max: 30, windowMs: 15 * MINUTE_MS },
  tfaActivatePerAccount: { name: 'tfa-activate-account', max: 10, windowMs: 15 * MINUTE_MS },
  tfaDeactivatePerIp: { name: 'tfa-deactivate-ip', max: 30, windowMs: 15 * MINUTE_MS },
  tfaDeactivatePerAccount: { name: 'tfa-deactivate-account', max: 10, windowMs: 15 * MINUTE_MS },
  /**
   * The proof beyond the session (the password or an e-mailed code, and the second factor) that
   * a change of who controls an account asks for: each is guessable, so checks are counted.
   */
  proofPerIp: { name: 'proof-ip', max: 60, windowMs: 15 * MINUTE_MS },
  proofPerAccount: { name: 'proof-account', max: 20, windowMs: 15 * MINUTE_MS },
  /** Codes mailed for that proof: per address (per account, as every action code). */
  proofCodePerIp: { name: 'proof-code-ip', max: 20, windowMs: 15 * MINUTE_MS },
  /** Changing the password when signed in: the current one is guessable too. */
  passwordChangePerIp: { name: 'password-change-ip', max: 30, windowMs: 15 * MINUTE_MS },
  passwordChangePerAccount: { name: 'password-change-account', max: 10, windowMs: 15 * MINUTE_MS },
} satisfies Record<string, RateLimitRule>;

/**
 * After this many wrong passwords on an account within the window, the right password from an
 * address the account has never signed in from also needs a code e-mailed to the owner.
 */
export const SIGNIN_CHALLENGE = { failuresMin: 5, windowMs: 60 * MINUTE_MS } as const;

export const STAGE_OF: Record<TTokenType, SessionStage> = { normal: 'active', email: 'email', tfa: 'tfa' };
export const WRONG_CREDENTIALS = 'Email or password is incorrect';
export const WRONG_CODE = 'The code is incorrect or has expired';
export const TOO_MANY_TRIES = 'Too many wrong codes. Request a new code and try again';
export { COMMON_PASSWORD_MESSAGE as COMMON_PASSWORD } from '@td/contracts/password';
export const WRONG_PASSWORD_DETAIL = 'Wrong password';
/** How a successful sign-in was made, when not by password (the sign-in history shows it). */
export const SIGNIN_METHOD_TEXT = {
  passkey: 'With a passkey',
  passkeySecondStep: 'Second step with a passkey',
} as const;
export const GOOGLE_LINKED_ELSEWHERE = 'This email address is linked to another Google account';
/** Keeps the keyed hash of a Google nonce apart from the hashes of e-mailed codes. */
export const GOOGLE_NONCE_DOMAIN = 'google-nonce:';
export const GOOGLE_NONCE_BYTES = 32;
/** Stands for "no account" where a lookup must run all the same (it matches no row). */
export const NO_USER_ID = '00000000-0000-0000-0000-000000000000';
export const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;

export const expiresIn = (seconds: number) => new Date(Date.now() + seconds * 1000);
/** What a wrong code says after its `attempts`-th counted try. */
export const wrongCodeAfter = (attempts: number) =>
  badRequest(attempts >= CODE_ATTEMPTS_MAX ? TOO_MANY_TRIES : WRONG_CODE);

export function newReferralCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(REFERRAL_CODE_LENGTH));
  return Array.from(bytes, (byte) => REFERRAL_ALPHABET[byte % REFERRAL_ALPHABET.length]).join('');
}
