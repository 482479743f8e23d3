// The account system's operations as the API offers them: sign-up, sign-in (password, e-mailed
// code, second factor, passkey, Google), e-mail verification, logout, and the e-mailed codes other
// modules ask for. Answers never tell whether an address has an account.
import { randomUUID } from 'node:crypto';
import { EMAIL_CODE_TTL_S, TOKEN_TTL_S } from '@td/contracts/auth';
import type { TSecondFactorMethods } from '@td/contracts/passkeys';
import { USER_CODE } from '@td/contracts/statuses';
import { AppError, badRequest, forbidden, unauthenticated } from '../../platform/errors';
import { enforce } from '../../platform/rate-limit';
import type { CodePurpose, UserRow } from './auth.repository';
import type { AuthEmail, Recipient } from './auth-emails';
import {
  AUTH_LIMITS,
  type ClientContext,
  expiresIn,
  NO_USER_ID,
  newReferralCode,
  SIGNIN_METHOD_TEXT,
  WRONG_CODE,
  WRONG_CREDENTIALS,
  WRONG_PASSWORD_DETAIL,
} from './auth-rules';
import { type AuthServiceDeps, createAuthSteps } from './auth-steps';
import { generateSixDigitCode } from './codes';
import { createGoogleSignin } from './google-signin';
import { createPasswordRecovery } from './password-recovery';
import { hashPassword, verifyDecoy, verifyPassword } from './passwords';
import { signupAttemptEmail } from './signup-emails';
import type { SessionClaims } from './tokens';

export type { AuthServiceDeps } from './auth-steps';

const BAD_LINK = 'This verification link is invalid or has expired. Log in to get a new code';

/**
 * The account system's operations: sign-up, sign-in (password, e-mail code, second factor, Google),
 * e-mail verification, password recovery, logout and the codes other modules ask for. Password
 * recovery (`password-recovery.ts`) and Google sign-in (`google-signin.ts`) are made apart.
 */
export function createAuthService(deps: AuthServiceDeps) {
  const { repo, tokens, codes, limiter } = deps;
  const steps = createAuthSteps(deps);
  const recovery = createPasswordRecovery(deps, steps);
  const google = createGoogleSignin(deps, steps);

  return {
    async signup(
      input: {
        email: string;
        password: string;
        firstName: string;
        lastName: string;
        referralCode?: string | undefined;
        language?: 'en' | 'es' | 'ru' | undefined;
      },
      client: ClientContext,
    ): Promise<string> {
      await enforce(limiter, AUTH_LIMITS.signupPerIp, client.limitKey);
      await enforce(limiter, AUTH_LIMITS.signupPerAccount, input.email);
      steps.checkNewPassword(input.password);
      const passwordHash = await hashPassword(input.password);
      const referrer = input.referralCode ? await repo.findUserByReferralCode(input.referralCode) : undefined;
      if (input.referralCode && !referrer) {
        throw badRequest('This referral code does not exist', [
          { field: 'body.referralCode', message: 'This referral code does not exist' },
        ]);
      }
      for (let attempt = 0; attempt < 3; attempt++) {
        const user = await repo.insertUser({
          email: input.email,
          passwordHash,
          // Chosen before anyone proved the address: see `passwordUnproven`.
          passwordUnproven: true,
          firstName: input.firstName,
          lastName: input.lastName,
          language: input.language ?? 'en',
          referralCode: newReferralCode(),
          referredBy: referrer?.id,
        });
        if (user) {
          await steps.sendVerificationCode(user);
          return steps.startSession(user, 'email', client);
        }
        const existing = await repo.findUserByEmail(input.email);
        if (existing) {
          // The answer must not tell whether the address has an account (signin does not either):
          // the same reply as a new signup, with a token that leads nowhere, and a word to the owner.
          steps.mailUser(existing, signupAttemptEmail);
          // The token names a decoy, not the account: its tries and resends are counted as a real
          // signup's, and nothing done with it reaches the owner's own codes or limits.
          const decoy = await repo.insertDecoy({
            codeExpiresAt: expiresIn(EMAIL_CODE_TTL_S),
            expiresAt: expiresIn(TOKEN_TTL_S.email),
          });
          return tokens.sign({ sub: randomUUID(), sid: decoy.id, type: 'email', status: USER_CODE.active });
        }
        // Otherwise the referral code collided: draw another.
      }
      throw new AppError('CONFLICT', 'Signup failed');
    },

    async signin(input: { email: string; password: string }, client: ClientContext): Promise<string> {
      await enforce(limiter, AUTH_LIMITS.signinPerIp, client.limitKey);
      const pairKey = `${input.email}|${client.limitKey}`;
      await enforce(limiter, AUTH_LIMITS.signinPerAccountAndIp, pairKey);
      const user = await repo.findUserByEmail(input.email);
      // An unknown address does the same work as a known one (this lookup, a password hash
      // verified), so that neither the answer nor its time tells whether the account exists.
      const isKnownIp = await repo.hasSucceededFromIp(user?.id ?? NO_USER_ID, client.ip);
      if (!isKnownIp) await enforce(limiter, AUTH_LIMITS.signinPerAccountFromNewIps, input.email);
      if (!user?.passwordHash) {
        await verifyDecoy(input.password);
        throw unauthenticated(WRONG_CREDENTIALS);
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        await steps.recordFailure(user, client, WRONG_PASSWORD_DETAIL);
        throw unauthenticated(WRONG_CREDENTIALS);
      }
      await limiter.reset(AUTH_LIMITS.signinPerAccountAndIp, pairKey);
      return steps.nextStep(user, client, {
        // A password the mailbox owner never proved to be theirs also needs the e-mailed code.
        confirmByEmail: user.passwordUnproven || (await steps.needsEmailConfirmation(user, isKnownIp)),
      });
    },

    /**
     * The `email` step: the code that verifies a new address, or (the address already verified)
     * the one that confirms this sign-in; then two-factor when it is on, or a normal session.
     */
    async verifyEmailCode(claims: SessionClaims, code: string, client: ClientContext): Promise<string> {
      await enforce(limiter, AUTH_LIMITS.verifyPerIp, client.limitKey);
      await enforce(limiter, AUTH_LIMITS.verifyPerAccount, claims.sub);
      const pending = await steps.pendingSession(claims, 'email');
      if (!pending) {
        await steps.checkDecoyCode(claims.sid);
        throw badRequest(WRONG_CODE);
      }
      if (pending.user.emailVerifiedAt) {
        await steps.checkCode(pending.user.id, 'signin_confirm', code, claims.sid);
        // The password's holder read the owner's mail: the password is theirs.
        if (pending.user.passwordUnproven) await repo.verifyEmail(pending.user.id, true);
        // A passkey is a second factor too (as after the password alone, see `nextStep`).
        const hasSecondFactor = pending.user.tfaEnabled || (await repo.hasPasskeys(pending.user.id));
        if (!hasSecondFactor) return steps.finishSession(claims, 'email', pending.user, client);
        if (!(await repo.advanceSession(claims.sid, 'email', 'tfa', expiresIn(TOKEN_TTL_S.tfa)))) {
          throw unauthenticated('This sign-in has expired. Please log in again');
        }
        return tokens.sign({
          sub: pending.user.id,
          sid: claims.sid,
          type: 'tfa',
          status: pending.user.status,
        });
      }
      await steps.checkCode(pending.user.id, 'email_verify', code);
      const user = (await repo.verifyEmail(pending.user.id, true)) ?? pending.user;
      return steps.finishSession(claims, 'email', user, client);
    },

    /**
     * The e-mailed link proves the mailbox, not who chose the password, so it opens no session:
     * null, unless the request carries the pending sign-in of that same account (the browser that
     * signed up or signed in with the password), which it then finishes as the code would.
     */
    async verifyEmailLink(
      linkToken: string,
      signin: SessionClaims | undefined,
      client: ClientContext,
    ): Promise<string | null> {
      await enforce(limiter, AUTH_LIMITS.verifyPerIp, client.limitKey);
      const live = await repo.findLiveCodeByLink(codes.hash(linkToken));
      if (live?.purpose !== 'email_verify' || !(await repo.consumeCode(live.id))) {
        throw badRequest(BAD_LINK);
      }
      const holder = signin?.sub === live.userId ? await steps.pendingSession(signin, 'email') : undefined;
      const user = await repo.verifyEmail(live.userId, holder !== undefined);
      if (!user) throw badRequest(BAD_LINK);
      if (!holder || !signin) return null;
      if (user.status !== USER_CODE.active)
        throw forbidden('Your account is suspended. Please contact support');
      return steps.finishSession(signin, 'email', user, client);
    },

    async resendVerification(claims: SessionClaims, client: ClientContext): Promise<void> {
      await enforce(
        limiter,
        AUTH_LIMITS.resendPerAccount,
        claims.sub,
        'Please wait a few minutes before asking for another code',
      );
      const pending = await steps.pendingSession(claims, 'email');
      // A decoy gets the same answer, and its code's tries start again as a real code's would.
      if (!pending) await repo.renewDecoyCode(claims.sid, expiresIn(EMAIL_CODE_TTL_S));
      else if (!pending.user.emailVerifiedAt) await steps.sendVerificationCode(pending.user);
      else await steps.sendSigninCode(pending.user, claims.sid, client);
    },

    ...recovery,

    async verifyTfa(claims: SessionClaims, code: string, client: ClientContext): Promise<string> {
      await enforce(limiter, AUTH_LIMITS.tfaPerIp, client.limitKey);
      await enforce(limiter, AUTH_LIMITS.tfaPerAccount, claims.sub);
      const pending = await steps.pendingSession(claims, 'tfa');
      if (!pending) throw unauthenticated('This sign-in has expired. Please log in again');
      const { user } = pending;
      if (!(await steps.checkSecondFactor(user, code))) {
        await steps.recordFailure(user, client, 'Wrong two-factor code');
        throw badRequest('The code is incorrect');
      }
      return steps.finishSession(claims, 'tfa', user, client);
    },

    ...google,

    async logout(claims: SessionClaims): Promise<void> {
      await deps.sessions.endOne(claims.sub, claims.sid);
    },

    /**
     * Every way a sign-in waiting for its second factor can be finished: the app's code, a recovery
     * code (the app on, one left unused), a passkey. Asked with the `tfa` token only, so only after
     * the right password.
     */
    async secondFactorMethods(claims: SessionClaims): Promise<TSecondFactorMethods> {
      const pending = await steps.pendingSession(claims, 'tfa');
      if (!pending) throw unauthenticated('This sign-in has expired. Please log in again');
      const { user } = pending;
      const isAppOn = user.tfaEnabled && user.tfaSecret !== null;
      return {
        authenticatorApp: isAppOn,
        recoveryCode: isAppOn && (await repo.hasRecoveryCodes(user.id)),
        passkey: await repo.hasPasskeys(user.id),
      };
    },

    /** The `tfa` step finished by a passkey of this user (checked by the caller): a normal session. */
    async finishWithPasskey(claims: SessionClaims, userId: string, client: ClientContext): Promise<string> {
      const pending = await steps.pendingSession(claims, 'tfa');
      if (!pending || pending.user.id !== userId) {
        throw unauthenticated('This sign-in has expired. Please log in again');
      }
      return steps.finishSession(claims, 'tfa', pending.user, client, SIGNIN_METHOD_TEXT.passkeySecondStep);
    },

    /**
     * A sign-in by a passkey alone (checked by the caller, with the user verified by the
     * authenticator: something held and something known or been): a normal session at once.
     */
    async signinWithPasskey(user: UserRow, client: ClientContext): Promise<string> {
      if (user.status !== USER_CODE.active || user.deletedAt) {
        throw forbidden('Your account is suspended. Please contact support');
      }
      await steps.recordSuccess(user, client, SIGNIN_METHOD_TEXT.passkey);
      return steps.startSession(user, 'normal', client);
    },

    recordFailure: steps.recordFailure,
    checkSecondFactor: steps.checkSecondFactor,
    checkNewPassword: steps.checkNewPassword,

    /**
     * A fresh 6-digit code for an action the user confirms by e-mail (a withdrawal): any earlier
     * live code for the same subject stops working.
     */
    async sendActionCode(
      user: UserRow,
      action: { purpose: CodePurpose; subject: string; mail: (code: string, to: Recipient) => AuthEmail },
    ): Promise<void> {
      await enforce(
        limiter,
        AUTH_LIMITS.actionCodePerAccount,
        `${action.purpose}:${user.id}`,
        'Too many codes requested, please try again later',
      );
      const code = generateSixDigitCode();
      await repo.replaceCode({
        userId: user.id,
        purpose: action.purpose,
        subject: action.subject,
        codeHash: codes.hash(code),
        expiresAt: expiresIn(EMAIL_CODE_TTL_S),
      });
      steps.mailUser(user, (to) => action.mail(code, to));
    },
    /** Counts one check of an action's codes (a withdrawal's confirmation) per account and address. */
    async limitActionCheck(userId: string, addressKey: string): Promise<void> {
      await enforce(limiter, AUTH_LIMITS.actionCheckPerIp, addressKey);
      await enforce(limiter, AUTH_LIMITS.actionCheckPerAccount, userId);
    },
    /** Checks and consumes such a code; wrong tries are counted as for every e-mailed code. */
    checkActionCode: (userId: string, purpose: CodePurpose, code: string, subject: string) =>
      steps.checkCode(userId, purpose, code, subject),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
