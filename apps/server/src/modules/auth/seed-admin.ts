import { normalizeEmail } from '@td/contracts/email';
import type { Logger } from '../../platform/logger';
import type { AuthRepository } from './auth.repository';
import { newReferralCode } from './auth-rules';
import { hashPassword } from './passwords';
import type { SessionEnder } from './sessions';

/**
 * Makes sure ADMIN_EMAIL is an administrator whose password is ADMIN_PASSWORD (checked against the
 * password rules by the configuration). A verified administrator of that address is left as it is,
 * with its own password: the variables are for the first start, not a back door. Any other account
 * of that address may have been registered by someone who never proved the mailbox, with a
 * password of their choosing: it is promoted only with ADMIN_PASSWORD in place of its password,
 * and every session it had ends. Like all staff, it reaches the back-office once it has turned a
 * second factor on (the profile's Security routes are open to it before).
 */
export async function seedAdmin(
  repo: AuthRepository,
  admin: { email: string; password: string },
  logger: Logger,
  sessions: Pick<SessionEnder, 'endAll'>,
) {
  const email = normalizeEmail(admin.email);
  const existing = await repo.findUserByEmail(email);
  if (existing) {
    if (existing.role === 'admin' && existing.emailVerifiedAt) {
      logger.info({ email }, 'administrator ready');
      return;
    }
    const now = new Date();
    await repo.updateUser(existing.id, {
      role: 'admin',
      emailVerifiedAt: existing.emailVerifiedAt ?? now,
      passwordHash: await hashPassword(admin.password),
      passwordChangedAt: now,
    });
    await sessions.endAll(existing.id);
    logger.warn(
      { email },
      'administrator promoted from an existing account: its password is now ADMIN_PASSWORD',
    );
    return;
  }
  await repo.insertUser({
    email,
    passwordHash: await hashPassword(admin.password),
    firstName: 'Administrator',
    lastName: '',
    role: 'admin',
    emailVerifiedAt: new Date(),
    referralCode: newReferralCode(),
  });
  logger.info(
    { email },
    'administrator created: it signs in with ADMIN_PASSWORD and turns on two-factor or a passkey under Security before the back-office opens',
  );
}
