import { TFA_COOLING_OFF_S } from '@td/contracts/auth';
import type { AuthRepository, UserRow } from './auth.repository';
import { fieldError } from './proof';

/**
 * The cooling-off after two-factor is turned on: for a day, the owner who resets the password by
 * e-mail may also turn two-factor off. Someone holding a borrowed session who switched it on with
 * their own authenticator cannot lock the owner out; after a day the second factor stands, and a
 * reset (a mailbox alone) no longer removes it.
 */
export const COOLING_OFF_MESSAGE =
  'Two-factor can be removed with a password reset only within 24 hours of being turned on';

/** Whether a reset now may remove the user's two-factor. */
export function isInTfaCoolingOff(user: Pick<UserRow, 'tfaEnabled' | 'tfaChangedAt'>, now = Date.now()) {
  return (
    user.tfaEnabled &&
    user.tfaChangedAt !== null &&
    now - user.tfaChangedAt.getTime() < TFA_COOLING_OFF_S * 1000
  );
}

/** A 400 naming `removeTwoFactor` unless the reset may remove two-factor. */
export function requireTfaCoolingOff(user: Pick<UserRow, 'tfaEnabled' | 'tfaChangedAt'>): void {
  if (!isInTfaCoolingOff(user)) throw fieldError('removeTwoFactor', COOLING_OFF_MESSAGE);
}

/**
 * Turns two-factor off at a reset (its recovery codes go too). `disableTfa` records the change
 * time, so withdrawals are held for review as after any change of two-factor.
 */
export async function removeTfaAtReset(
  repo: Pick<AuthRepository, 'disableTfa' | 'replaceRecoveryCodes'>,
  userId: string,
): Promise<boolean> {
  if (!(await repo.disableTfa(userId))) return false;
  await repo.replaceRecoveryCodes(userId, []);
  return true;
}
