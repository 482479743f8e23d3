// A signed-in user's own account: editing their details, changing the password (tries limited;
// every other session ends and a mail goes out), the profile picture (re-encoded under a new
// unguessable name), sessions, sign-in history and the anti-phishing phrase.
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TLanguageCode } from '@td/contracts/auth';
import type { TLoginEvent, TSession, TUser } from '@td/contracts/profile';
import { badRequest, notFound, unauthenticated } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Brand } from '../../platform/mail/email-layout';
import type { Mailer } from '../../platform/mail/mailer';
import { enforce, type RateLimiter } from '../../platform/rate-limit';
import type { AuthRepository, UserRow } from '../auth/auth.repository';
import { createAccountMailer } from '../auth/auth-emails';
import { AUTH_LIMITS, type ClientContext } from '../auth/auth-rules';
import { isCommonPassword } from '../auth/common-passwords';
import { describeDevice } from '../auth/device';
import { passwordChangedEmail } from '../auth/password-emails';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { SessionEnder } from '../auth/sessions';
import { processAvatar } from './avatar-image';

export const AVATAR_URL_PREFIX = '/uploads/avatars/';

export function toUserDto(user: UserRow): TUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    country: user.country,
    avatarUrl: user.avatarFile ? `${AVATAR_URL_PREFIX}${user.avatarFile}` : null,
    emailVerified: Boolean(user.emailVerifiedAt),
    tfaEnabled: user.tfaEnabled,
    referralCode: user.referralCode,
    role: user.role,
    status: user.status,
    hasPassword: Boolean(user.passwordHash),
    antiPhishingPhrase: user.antiPhishingPhrase,
    language: user.language,
    createdAt: user.createdAt.toISOString(),
  };
}

export function createProfileService(deps: {
  repo: AuthRepository;
  /** Ends sessions (password change, revokes) in the database and on the live stream. */
  sessions: SessionEnder;
  mailer: Mailer;
  logger: Logger;
  limiter: RateLimiter;
  avatarsDir: string;
  /** The product's name and support address in every mail (the operator's settings). */
  brand: () => Promise<Brand>;
}) {
  const { repo, limiter } = deps;
  const mailUser = createAccountMailer(deps);
  return {
    async update(
      user: UserRow,
      changes: {
        firstName?: string;
        lastName?: string;
        phone?: string | null;
        country?: string | null;
        language?: TLanguageCode;
      },
    ) {
      const updated = await repo.updateUser(user.id, changes);
      if (!updated) throw notFound('User not found');
      return toUserDto(updated);
    },

    /** Changes the password and signs every other device out. Tries are limited: the current password is guessable. */
    async changePassword(
      user: UserRow,
      sessionId: string,
      currentPassword: string,
      newPassword: string,
      client: ClientContext,
    ) {
      await enforce(limiter, AUTH_LIMITS.passwordChangePerIp, client.limitKey);
      await enforce(limiter, AUTH_LIMITS.passwordChangePerAccount, user.id);
      if (!user.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) {
        throw badRequest('The current password is incorrect', [
          { field: 'body.currentPassword', message: 'The current password is incorrect' },
        ]);
      }
      if (isCommonPassword(newPassword)) {
        const message = 'This password is too common. Choose one that is harder to guess';
        throw badRequest(message, [{ field: 'body.newPassword', message }]);
      }
      if (currentPassword === newPassword)
        throw badRequest('The new password must differ from the current one');
      const now = new Date();
      await repo.updateUser(user.id, {
        passwordHash: await hashPassword(newPassword),
        passwordChangedAt: now,
      });
      await deps.sessions.endAll(user.id, { keep: sessionId, takeBack: 'password_change' });
      mailUser(user, (to) => passwordChangedEmail({ ...to, at: now }));
    },

    /** Re-encodes the upload (nothing of the original bytes is kept) under a new, unguessable name. */
    async setAvatar(user: UserRow, upload: Buffer): Promise<string> {
      const image = await processAvatar(upload);
      await mkdir(deps.avatarsDir, { recursive: true });
      const file = `${user.id}-${randomBytes(8).toString('hex')}.webp`;
      await writeFile(join(deps.avatarsDir, file), image);
      await repo.updateUser(user.id, { avatarFile: file });
      if (user.avatarFile) await rm(join(deps.avatarsDir, user.avatarFile), { force: true });
      return `${AVATAR_URL_PREFIX}${file}`;
    },

    async sessions(user: UserRow, currentSessionId: string): Promise<TSession[]> {
      const rows = await repo.listActiveSessions(user.id);
      return rows.map((row) => ({
        id: row.id,
        device: describeDevice(row.userAgent),
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.id === currentSessionId,
      }));
    },

    async revokeSession(user: UserRow, sessionId: string) {
      if (!(await deps.sessions.endOne(user.id, sessionId))) throw notFound('Session not found');
    },

    /** "Sign out everywhere": every other session ends, and every API key of the account is revoked. */
    async revokeOtherSessions(user: UserRow, currentSessionId: string) {
      return deps.sessions.endAll(user.id, { keep: currentSessionId, takeBack: 'sign_out_everywhere' });
    },

    async logins(user: UserRow, page: number, limit: number) {
      const { items, total } = await repo.listLoginEvents(user.id, page, limit);
      const dtos: TLoginEvent[] = items.map((row) => ({
        id: row.id,
        at: row.createdAt.toISOString(),
        ip: row.ip,
        device: describeDevice(row.userAgent),
        outcome: row.outcome,
        detail: row.detail,
      }));
      return { items: dtos, page, limit, total };
    },

    async setAntiPhishingPhrase(user: UserRow, phrase: string) {
      const updated = await repo.updateUser(user.id, { antiPhishingPhrase: phrase });
      if (!updated) throw unauthenticated();
      return toUserDto(updated);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
