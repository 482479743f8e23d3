import { normalizeEmail } from '@td/contracts/email';
import type { Logger } from '../../platform/logger';
import type { AuthRepository } from './auth.repository';
import { newReferralCode } from './auth.service';
import { hashPassword } from './passwords';

/**
 * Makes sure ADMIN_EMAIL is an administrator. A new account gets ADMIN_PASSWORD; an existing one
 * keeps its own password (the variable is for the first start, not a back door).
 */
export async function seedAdmin(
  repo: AuthRepository,
  admin: { email: string; password: string },
  logger: Logger,
) {
  const email = normalizeEmail(admin.email);
  const existing = await repo.findUserByEmail(email);
  if (existing) {
    if (existing.role !== 'admin' || !existing.emailVerifiedAt) {
      await repo.updateUser(existing.id, {
        role: 'admin',
        emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
      });
    }
    logger.info({ email }, 'administrator ready');
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
  logger.info({ email }, 'administrator created');
}
