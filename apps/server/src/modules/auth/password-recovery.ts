/**
 * Password recovery: a code mailed to the address (answered at once, whether or not it has an
 * account), and the reset it allows, which ends every session and may remove two-factor within its
 * cooling-off.
 */
import { EMAIL_CODE_TTL_S } from '@td/contracts/auth';
import { USER_CODE } from '@td/contracts/statuses';
import { badRequest } from '../../platform/errors';
import { enforce } from '../../platform/rate-limit';
import { AUTH_LIMITS, type ClientContext, expiresIn, WRONG_CODE } from './auth-rules';
import type { AuthServiceDeps, AuthSteps } from './auth-steps';
import { generateSixDigitCode } from './codes';
import { passwordChangedEmail, passwordResetEmail } from './password-emails';
import { hashPassword } from './passwords';
import { tfaChangedEmail } from './security-emails';
import { removeTfaAtReset, requireTfaCoolingOff } from './tfa-cooling-off';

export function createPasswordRecovery(deps: AuthServiceDeps, steps: AuthSteps) {
  const { repo, codes, limiter, logger } = deps;

  return {
    /** Answers at once and does the work after, so the reply says nothing about the account. */
    async forgotPassword(email: string, client: ClientContext): Promise<void> {
      await enforce(limiter, AUTH_LIMITS.forgotPerIp, client.limitKey);
      await enforce(limiter, AUTH_LIMITS.forgotPerAccount, email);
      setImmediate(() => {
        (async () => {
          const user = await repo.findUserByEmail(email);
          if (user?.status !== USER_CODE.active) {
            // No code is mailed, but its decoy is counted as a real code would be.
            await repo.renewAddressDecoy(steps.addressDecoyId(email), expiresIn(EMAIL_CODE_TTL_S));
            return;
          }
          const code = generateSixDigitCode();
          await repo.replaceCode({
            userId: user.id,
            purpose: 'password_reset',
            codeHash: codes.hash(code),
            expiresAt: expiresIn(EMAIL_CODE_TTL_S),
          });
          steps.mailUser(user, (to) =>
            passwordResetEmail({
              ...to,
              code,
            }),
          );
        })().catch((error: unknown) => logger.error({ err: error }, 'password reset mail failed'));
      });
    },

    async resetPassword(
      input: { email: string; code: string; password: string; removeTwoFactor?: boolean | undefined },
      client: ClientContext,
    ): Promise<void> {
      await enforce(limiter, AUTH_LIMITS.resetPerIp, client.limitKey);
      await enforce(limiter, AUTH_LIMITS.resetPerAccount, input.email);
      const user = await repo.findUserByEmail(input.email);
      // An address that got no code answers as one whose code is wrong, tries counted the same.
      if (user?.status !== USER_CODE.active) {
        await steps.checkDecoyCode(steps.addressDecoyId(input.email));
        throw badRequest(WRONG_CODE);
      }
      await steps.checkCode(user.id, 'password_reset', input.code);
      steps.checkNewPassword(input.password);
      if (input.removeTwoFactor) requireTfaCoolingOff(user);
      const now = new Date();
      await repo.updateUser(user.id, {
        passwordHash: await hashPassword(input.password),
        passwordChangedAt: now,
        passwordUnproven: false,
        // Reading the code proved the mailbox is theirs.
        emailVerifiedAt: user.emailVerifiedAt ?? now,
      });
      const tfaRemoved = input.removeTwoFactor === true && (await removeTfaAtReset(repo, user.id));
      await deps.sessions.endAll(user.id, { takeBack: 'password_reset' });
      if (tfaRemoved) {
        steps.mailUser(user, (to) =>
          tfaChangedEmail({
            ...to,
            enabled: false,
            at: now,
          }),
        );
      }
      steps.mailUser(user, (to) =>
        passwordChangedEmail({
          ...to,
          at: now,
        }),
      );
    },
  };
}
