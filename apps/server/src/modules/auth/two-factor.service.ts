import { AppError, badRequest, conflict } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../../platform/mail/mailer';
import type { AuthRepository, UserRow } from './auth.repository';
import { tfaChangedEmail } from './auth-emails';
import { type CodeHasher, generateRecoveryCodes } from './codes';
import { generateTotpSecret, matchTotp, totpEnrolment } from './totp';

/** Turning two-factor on and off for a signed-in user. */
export function createTwoFactorService(deps: {
  repo: AuthRepository;
  codes: CodeHasher;
  mailer: Mailer;
  logger: Logger;
  checkSecondFactor: (user: UserRow, code: string) => Promise<boolean>;
}) {
  const { repo, codes } = deps;
  const notify = (user: UserRow, enabled: boolean) => {
    deps.mailer
      .send({
        to: user.email,
        ...tfaChangedEmail({
          firstName: user.firstName,
          enabled,
          at: new Date(),
          antiPhishingPhrase: user.antiPhishingPhrase,
        }),
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, 'sending a mail failed'));
  };

  return {
    /** A new secret to scan; it takes effect only when a code from it is confirmed. */
    async generate(user: UserRow) {
      if (user.tfaEnabled) throw conflict('Two-factor authentication is already on');
      const secret = generateTotpSecret();
      await repo.updateUser(user.id, { tfaPendingSecret: secret });
      return totpEnrolment(secret, user.email);
    },

    async activate(user: UserRow, code: string): Promise<string[]> {
      if (user.tfaEnabled) throw conflict('Two-factor authentication is already on');
      if (!user.tfaPendingSecret) throw badRequest('Start again: generate a new QR code first');
      const step = matchTotp(user.tfaPendingSecret, code);
      if (step === undefined) throw badRequest('The code is incorrect');
      const recovery = generateRecoveryCodes();
      await repo.updateUser(user.id, {
        tfaSecret: user.tfaPendingSecret,
        tfaPendingSecret: null,
        tfaEnabled: true,
        tfaLastStep: step,
        tfaChangedAt: new Date(),
      });
      await repo.replaceRecoveryCodes(
        user.id,
        recovery.map((one) => codes.hash(one)),
      );
      notify(user, true);
      return recovery;
    },

    async deactivate(user: UserRow, code: string): Promise<void> {
      if (!user.tfaEnabled) throw conflict('Two-factor authentication is already off');
      if (!(await deps.checkSecondFactor(user, code)))
        throw new AppError('VALIDATION', 'The code is incorrect');
      await repo.updateUser(user.id, {
        tfaSecret: null,
        tfaPendingSecret: null,
        tfaEnabled: false,
        tfaLastStep: null,
        tfaChangedAt: new Date(),
      });
      await repo.replaceRecoveryCodes(user.id, []);
      notify(user, false);
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
