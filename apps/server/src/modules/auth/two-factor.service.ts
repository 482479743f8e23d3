// Turning authenticator-app two-factor on and off for a signed-in user. On needs a code from the
// new secret, confirmed by the session that asked for it, plus proof beyond the session; off needs
// the password and a second factor. Either way every other session ends and the user is mailed.
import { badRequest, conflict } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Brand } from '../../platform/mail/email-layout';
import type { Mailer } from '../../platform/mail/mailer';
import { enforce, type RateLimiter } from '../../platform/rate-limit';
import type { AuthRepository, UserRow } from './auth.repository';
import { createAccountMailer } from './auth-emails';
import { AUTH_LIMITS, type ClientContext } from './auth-rules';
import { type CodeHasher, generateRecoveryCodes } from './codes';
import { verifyPassword } from './passwords';
import { fieldError, type ProofCheck } from './proof';
import { tfaChangedEmail } from './security-emails';
import type { SessionEnder } from './sessions';
import { generateTotpSecret, matchTotp, totpEnrolment } from './totp';

const ALREADY_ON = 'Two-factor authentication is already on';
const ALREADY_OFF = 'Two-factor authentication is already off';
const WRONG_PASSWORD = 'The password is incorrect';
const WRONG_CODE = 'The code is incorrect';
const START_AGAIN = 'Start again: generate a new QR code first';
const NO_PASSWORD =
  'Your account has no password yet: set one with “Forgot password” on the log-in screen, then turn two-factor off';

/** Turning two-factor on and off for a signed-in user. */
export function createTwoFactorService(deps: {
  repo: AuthRepository;
  /** Turning two-factor on or off ends every other session. */
  sessions: SessionEnder;
  codes: CodeHasher;
  mailer: Mailer;
  limiter: RateLimiter;
  logger: Logger;
  checkSecondFactor: (user: UserRow, code: string) => Promise<boolean>;
  /** Turning two-factor on asks for proof beyond the session (the password, or an e-mailed code). */
  proof: ProofCheck;
  /** The product's name and support address in every mail (the operator's settings). */
  brand: () => Promise<Brand>;
}) {
  const { repo, codes, limiter } = deps;
  const mailUser = createAccountMailer(deps);
  const notify = (user: UserRow, enabled: boolean) =>
    mailUser(user, (to) => tfaChangedEmail({ ...to, enabled, at: new Date() }));

  return {
    /**
     * A new secret to scan; it takes effect only when a code from it is confirmed, by the session
     * that asked for it (another session, a stolen cookie's, cannot confirm it).
     */
    async generate(user: UserRow, sessionId: string) {
      if (user.tfaEnabled) throw conflict(ALREADY_ON);
      const secret = generateTotpSecret();
      await repo.updateUser(user.id, { tfaPendingSecret: secret, tfaPendingSessionId: sessionId });
      return totpEnrolment(secret, user.email);
    },

    /**
     * Confirms the pending secret with a code and the proof beyond the session; every other
     * session of the user ends, and every API key is revoked.
     */
    async activate(
      user: UserRow,
      sessionId: string,
      input: { code: string; currentPassword?: string | undefined; emailCode?: string | undefined },
      client: ClientContext,
    ): Promise<string[]> {
      await enforce(limiter, AUTH_LIMITS.tfaActivatePerIp, client.limitKey);
      await enforce(limiter, AUTH_LIMITS.tfaActivatePerAccount, user.id);
      if (user.tfaEnabled) throw conflict(ALREADY_ON);
      const secret = user.tfaPendingSecret;
      if (!secret || user.tfaPendingSessionId !== sessionId) throw fieldError('code', START_AGAIN);
      // The app's code first: it uses nothing up, while the proof may use up an e-mailed code.
      const step = matchTotp(secret, input.code);
      if (step === undefined) throw fieldError('code', WRONG_CODE);
      await deps.proof.check(
        user,
        { currentPassword: input.currentPassword, emailCode: input.emailCode },
        client,
      );
      if (!(await repo.enableTfa(user.id, secret, sessionId, step))) throw conflict(ALREADY_ON);
      const recovery = generateRecoveryCodes();
      await repo.replaceRecoveryCodes(
        user.id,
        recovery.map((one) => codes.hash(one)),
      );
      await deps.sessions.endAll(user.id, { keep: sessionId, takeBack: 'tfa_on' });
      notify(user, true);
      return recovery;
    },

    /**
     * Needs the current password and a second factor (an app code or a recovery code): a session
     * left open is not enough to strip the account of its second step. Every other session ends.
     */
    async deactivate(
      user: UserRow,
      sessionId: string,
      input: { password: string; code: string },
      client: ClientContext,
    ): Promise<void> {
      await enforce(limiter, AUTH_LIMITS.tfaDeactivatePerIp, client.limitKey);
      await enforce(limiter, AUTH_LIMITS.tfaDeactivatePerAccount, user.id);
      if (!user.tfaEnabled) throw conflict(ALREADY_OFF);
      if (!user.passwordHash) throw badRequest(NO_PASSWORD);
      // The password first: a wrong one must not use up a recovery code.
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        throw badRequest(WRONG_PASSWORD, [{ field: 'body.password', message: WRONG_PASSWORD }]);
      }
      if (!(await deps.checkSecondFactor(user, input.code))) {
        throw badRequest(WRONG_CODE, [{ field: 'body.code', message: WRONG_CODE }]);
      }
      if (!(await repo.disableTfa(user.id))) throw conflict(ALREADY_OFF);
      await repo.replaceRecoveryCodes(user.id, []);
      await deps.sessions.endAll(user.id, { keep: sessionId, takeBack: 'tfa_off' });
      notify(user, false);
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
