import { CODE_ATTEMPTS_MAX, EMAIL_CODE_TTL_S, TOKEN_TTL_S } from '@td/contracts/auth';
import { normalizeEmail } from '@td/contracts/email';
import type { TTokenType } from '@td/contracts/statuses';
import { AppError, badRequest, forbidden, unauthenticated } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../../platform/mail/mailer';
import { enforce, type RateLimiter, type RateLimitRule } from '../../platform/rate-limit';
import type { AuthRepository, CodePurpose, SessionStage, UserRow } from './auth.repository';
import {
  type AuthEmail,
  newDeviceEmail,
  passwordChangedEmail,
  passwordResetEmail,
  signupAttemptEmail,
  verificationEmail,
} from './auth-emails';
import { type CodeHasher, generateLinkToken, generateSixDigitCode, normalizeRecoveryCode } from './codes';
import { describeDevice, deviceFingerprint } from './device';
import type { GoogleClient, GoogleIdentity } from './google';
import { hashPassword, isCommonPassword, verifyDecoy, verifyPassword } from './passwords';
import type { SessionClaims, TokenService } from './tokens';
import { matchTotp } from './totp';

/** Where a request came from: recorded with sessions and login history. */
export interface ClientContext {
  ip: string;
  userAgent: string;
}

const MINUTE_MS = 60_000;
/** Named limits on every guessable step (per IP against spraying, per account against focus). */
export const AUTH_LIMITS = {
  signinPerIp: { name: 'signin-ip', max: 30, windowMs: 15 * MINUTE_MS },
  signinPerAccount: { name: 'signin-account', max: 10, windowMs: 15 * MINUTE_MS },
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
  tfaPerIp: { name: 'tfa-ip', max: 30, windowMs: 15 * MINUTE_MS },
  tfaPerAccount: { name: 'tfa-account', max: 10, windowMs: 15 * MINUTE_MS },
} satisfies Record<string, RateLimitRule>;

const STAGE_OF: Record<TTokenType, SessionStage> = { normal: 'active', email: 'email', tfa: 'tfa' };
const WRONG_CREDENTIALS = 'Email or password is incorrect';
const WRONG_CODE = 'The code is incorrect or has expired';
const TOO_MANY_TRIES = 'Too many wrong codes. Request a new code and try again';
const COMMON_PASSWORD = 'This password is too common. Choose one that is harder to guess';
const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const REFERRAL_CODE_LENGTH = 8;

const expiresIn = (seconds: number) => new Date(Date.now() + seconds * 1000);

export function newReferralCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(REFERRAL_CODE_LENGTH));
  return Array.from(bytes, (byte) => REFERRAL_ALPHABET[byte % REFERRAL_ALPHABET.length]).join('');
}

export interface AuthServiceDeps {
  repo: AuthRepository;
  tokens: TokenService;
  codes: CodeHasher;
  mailer: Mailer;
  limiter: RateLimiter;
  logger: Logger;
  publicUrl: string;
  google: GoogleClient | undefined;
  /** The notification centre: a sign-in from a new device shows there too. */
  notify?: (
    userId: string,
    kind: string,
    payload: { message: string } & Record<string, unknown>,
  ) => Promise<unknown>;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { repo, tokens, codes, mailer, limiter, logger } = deps;

  /** Mail is sent after the answer: a slow mail server never slows or fails the request. */
  const mailLater = (to: string, mail: { subject: string; text: string; html: string }) => {
    mailer
      .send({ to, ...mail })
      .catch((error: unknown) => logger.error({ err: error, to }, 'sending a mail failed'));
  };

  const startSession = async (user: UserRow, type: TTokenType, client: ClientContext) => {
    const session = await repo.insertSession({
      userId: user.id,
      stage: STAGE_OF[type],
      ip: client.ip,
      userAgent: client.userAgent,
      expiresAt: expiresIn(TOKEN_TTL_S[type]),
    });
    return tokens.sign({ sub: user.id, sid: session.id, type, status: user.status });
  };

  /** A successful sign-in: history, and an e-mail when the device is new to an existing account. */
  const recordSuccess = async (user: UserRow, client: ClientContext) => {
    const deviceHash = deviceFingerprint(client.userAgent, client.ip);
    const seen = await repo.hasSucceededFrom(user.id, deviceHash);
    await repo.insertLoginEvent({
      userId: user.id,
      ip: client.ip,
      userAgent: client.userAgent,
      deviceHash,
      outcome: 'success',
    });
    if (seen.hasAny && !seen.isKnown) {
      mailLater(
        user.email,
        newDeviceEmail({
          firstName: user.firstName,
          device: describeDevice(client.userAgent),
          ip: client.ip,
          at: new Date(),
          antiPhishingPhrase: user.antiPhishingPhrase,
        }),
      );
      const device = describeDevice(client.userAgent);
      void deps.notify?.(user.id, 'new_device', {
        message: `New sign-in from ${device} (${client.ip})`,
        device,
        ip: client.ip,
      });
    }
  };

  const recordFailure = (user: UserRow, client: ClientContext, detail: string) =>
    repo.insertLoginEvent({
      userId: user.id,
      ip: client.ip,
      userAgent: client.userAgent,
      deviceHash: deviceFingerprint(client.userAgent, client.ip),
      outcome: 'failure',
      detail,
    });

  const sendVerificationCode = async (user: UserRow) => {
    const code = generateSixDigitCode();
    const link = generateLinkToken();
    await repo.replaceCode({
      userId: user.id,
      purpose: 'email_verify',
      codeHash: codes.hash(code),
      linkHash: codes.hash(link),
      expiresAt: expiresIn(EMAIL_CODE_TTL_S),
    });
    const url = `${deps.publicUrl}/authentication/emailVerification?token=${encodeURIComponent(link)}`;
    mailLater(
      user.email,
      verificationEmail({
        firstName: user.firstName,
        code,
        link: url,
        antiPhishingPhrase: user.antiPhishingPhrase,
      }),
    );
  };

  /** Checks an e-mailed code, counting wrong tries; the code is consumed when it matches. */
  const checkCode = async (userId: string, purpose: CodePurpose, code: string, subject?: string) => {
    const live = await repo.findLiveCode(userId, purpose, subject);
    if (!live) throw badRequest(WRONG_CODE);
    if (live.attempts >= CODE_ATTEMPTS_MAX) throw badRequest(TOO_MANY_TRIES);
    if (!codes.matches(code, live.codeHash)) {
      const tries = await repo.countWrongTry(live.id);
      throw badRequest(tries >= CODE_ATTEMPTS_MAX ? TOO_MANY_TRIES : WRONG_CODE);
    }
    if (!(await repo.consumeCode(live.id))) throw badRequest(WRONG_CODE);
  };

  /** After the password (or Google): verification, two-factor, or straight in. */
  const nextStep = async (user: UserRow, client: ClientContext) => {
    if (user.status !== 'act') throw forbidden('Your account is suspended. Please contact support');
    if (!user.emailVerifiedAt) {
      await sendVerificationCode(user);
      return startSession(user, 'email', client);
    }
    if (user.tfaEnabled) return startSession(user, 'tfa', client);
    await recordSuccess(user, client);
    return startSession(user, 'normal', client);
  };

  /** The session of an `email` or `tfa` token, still at that stage; anything else reads as a wrong code. */
  const pendingSession = async (claims: SessionClaims, stage: SessionStage) => {
    const found = await repo.findSessionWithUser(claims.sid);
    if (
      !found ||
      found.session.userId !== claims.sub ||
      found.session.stage !== stage ||
      found.session.revokedAt ||
      found.session.expiresAt <= new Date()
    ) {
      return undefined;
    }
    return found;
  };

  const finishSession = async (
    claims: SessionClaims,
    from: SessionStage,
    user: UserRow,
    client: ClientContext,
  ) => {
    if (!(await repo.advanceSession(claims.sid, from, 'active', expiresIn(TOKEN_TTL_S.normal)))) {
      throw unauthenticated('This sign-in has expired. Please log in again');
    }
    await recordSuccess(user, client);
    return tokens.sign({ sub: user.id, sid: claims.sid, type: 'normal', status: user.status });
  };

  /** A TOTP code (each works once) or an unused recovery code (used up by this). */
  const checkSecondFactor = async (user: UserRow, code: string): Promise<boolean> => {
    if (!user.tfaEnabled || !user.tfaSecret) return false;
    if (/^\d{6}$/.test(code)) {
      const step = matchTotp(user.tfaSecret, code);
      return step !== undefined && (await repo.claimTotpStep(user.id, step));
    }
    return repo.useRecoveryCode(user.id, codes.hash(normalizeRecoveryCode(code)));
  };

  const checkNewPassword = (password: string) => {
    if (isCommonPassword(password))
      throw badRequest(COMMON_PASSWORD, [{ field: 'body.password', message: COMMON_PASSWORD }]);
  };

  const signInWithGoogle = async (identity: GoogleIdentity, client: ClientContext) => {
    const email = normalizeEmail(identity.email);
    let user = (await repo.findUserByGoogleSub(identity.sub)) ?? (await repo.findUserByEmail(email));
    if (user && !user.googleSub) {
      // Google has verified the mailbox, so the account of that address is this person's.
      user = await repo.updateUser(user.id, {
        googleSub: identity.sub,
        emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
      });
    }
    if (!user) {
      user = await repo.insertUser({
        email,
        firstName: identity.firstName.slice(0, 50) || email.split('@')[0] || 'Trader',
        lastName: identity.lastName.slice(0, 50),
        googleSub: identity.sub,
        emailVerifiedAt: new Date(),
        referralCode: newReferralCode(),
      });
    }
    if (!user) throw new AppError('CONFLICT', 'Google sign-in failed, please try again');
    return nextStep(user, client);
  };

  return {
    async signup(
      input: {
        email: string;
        password: string;
        firstName: string;
        lastName: string;
        referralCode?: string | undefined;
      },
      client: ClientContext,
    ): Promise<string> {
      await enforce(limiter, AUTH_LIMITS.signupPerIp, client.ip);
      await enforce(limiter, AUTH_LIMITS.signupPerAccount, input.email);
      checkNewPassword(input.password);
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
          firstName: input.firstName,
          lastName: input.lastName,
          referralCode: newReferralCode(),
          referredBy: referrer?.id,
        });
        if (user) {
          await sendVerificationCode(user);
          return startSession(user, 'email', client);
        }
        const existing = await repo.findUserByEmail(input.email);
        if (existing) {
          // The answer must not tell whether the address has an account (signin does not either):
          // the same reply as a new signup, with a token that leads nowhere, and a word to the owner.
          mailLater(
            existing.email,
            signupAttemptEmail({
              firstName: existing.firstName,
              antiPhishingPhrase: existing.antiPhishingPhrase,
            }),
          );
          return tokens.sign({ sub: existing.id, sid: crypto.randomUUID(), type: 'email', status: 'act' });
        }
        // Otherwise the referral code collided: draw another.
      }
      throw new AppError('CONFLICT', 'Signup failed');
    },

    async signin(input: { email: string; password: string }, client: ClientContext): Promise<string> {
      await enforce(limiter, AUTH_LIMITS.signinPerIp, client.ip);
      await enforce(limiter, AUTH_LIMITS.signinPerAccount, input.email);
      const user = await repo.findUserByEmail(input.email);
      if (!user?.passwordHash) {
        await verifyDecoy(input.password);
        throw unauthenticated(WRONG_CREDENTIALS);
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        await recordFailure(user, client, 'Wrong password');
        throw unauthenticated(WRONG_CREDENTIALS);
      }
      await limiter.reset(AUTH_LIMITS.signinPerAccount, input.email);
      return nextStep(user, client);
    },

    async verifyEmailCode(claims: SessionClaims, code: string, client: ClientContext): Promise<string> {
      await enforce(limiter, AUTH_LIMITS.verifyPerIp, client.ip);
      await enforce(limiter, AUTH_LIMITS.verifyPerAccount, claims.sub);
      const pending = await pendingSession(claims, 'email');
      if (!pending) throw badRequest(WRONG_CODE);
      await checkCode(pending.user.id, 'email_verify', code);
      const user = (await repo.updateUser(pending.user.id, { emailVerifiedAt: new Date() })) ?? pending.user;
      return finishSession(claims, 'email', user, client);
    },

    async verifyEmailLink(linkToken: string, client: ClientContext): Promise<string> {
      await enforce(limiter, AUTH_LIMITS.verifyPerIp, client.ip);
      const live = await repo.findLiveCodeByLink(codes.hash(linkToken));
      if (live?.purpose !== 'email_verify' || !(await repo.consumeCode(live.id))) {
        throw badRequest('This verification link is invalid or has expired. Log in to get a new code');
      }
      const user = await repo.updateUser(live.userId, { emailVerifiedAt: new Date() });
      if (!user)
        throw badRequest('This verification link is invalid or has expired. Log in to get a new code');
      return nextStep(user, client);
    },

    async resendVerification(claims: SessionClaims): Promise<void> {
      await enforce(
        limiter,
        AUTH_LIMITS.resendPerAccount,
        claims.sub,
        'Please wait a few minutes before asking for another code',
      );
      const pending = await pendingSession(claims, 'email');
      // A token that leads nowhere gets the same answer as a real one.
      if (pending && !pending.user.emailVerifiedAt) await sendVerificationCode(pending.user);
    },

    /** Answers at once and does the work after, so the reply says nothing about the account. */
    async forgotPassword(email: string, client: ClientContext): Promise<void> {
      await enforce(limiter, AUTH_LIMITS.forgotPerIp, client.ip);
      await enforce(limiter, AUTH_LIMITS.forgotPerAccount, email);
      setImmediate(() => {
        (async () => {
          const user = await repo.findUserByEmail(email);
          if (user?.status !== 'act') return;
          const code = generateSixDigitCode();
          await repo.replaceCode({
            userId: user.id,
            purpose: 'password_reset',
            codeHash: codes.hash(code),
            expiresAt: expiresIn(EMAIL_CODE_TTL_S),
          });
          mailLater(
            user.email,
            passwordResetEmail({
              firstName: user.firstName,
              code,
              antiPhishingPhrase: user.antiPhishingPhrase,
            }),
          );
        })().catch((error: unknown) => logger.error({ err: error }, 'password reset mail failed'));
      });
    },

    async resetPassword(
      input: { email: string; code: string; password: string },
      client: ClientContext,
    ): Promise<void> {
      await enforce(limiter, AUTH_LIMITS.resetPerIp, client.ip);
      await enforce(limiter, AUTH_LIMITS.resetPerAccount, input.email);
      const user = await repo.findUserByEmail(input.email);
      if (!user) throw badRequest(WRONG_CODE);
      await checkCode(user.id, 'password_reset', input.code);
      checkNewPassword(input.password);
      const now = new Date();
      await repo.updateUser(user.id, {
        passwordHash: await hashPassword(input.password),
        passwordChangedAt: now,
        // Reading the code proved the mailbox is theirs.
        emailVerifiedAt: user.emailVerifiedAt ?? now,
      });
      await repo.revokeSessions(user.id);
      mailLater(
        user.email,
        passwordChangedEmail({
          firstName: user.firstName,
          at: now,
          antiPhishingPhrase: user.antiPhishingPhrase,
        }),
      );
    },

    async verifyTfa(claims: SessionClaims, code: string, client: ClientContext): Promise<string> {
      await enforce(limiter, AUTH_LIMITS.tfaPerIp, client.ip);
      await enforce(limiter, AUTH_LIMITS.tfaPerAccount, claims.sub);
      const pending = await pendingSession(claims, 'tfa');
      if (!pending) throw unauthenticated('This sign-in has expired. Please log in again');
      const { user } = pending;
      if (!(await checkSecondFactor(user, code))) {
        await recordFailure(user, client, 'Wrong two-factor code');
        throw badRequest('The code is incorrect');
      }
      return finishSession(claims, 'tfa', user, client);
    },

    async signinWithGoogle(
      input: { accessToken: string } | { code: string; redirectUri: string },
      client: ClientContext,
    ): Promise<string> {
      if (!deps.google) throw new AppError('NOT_FOUND', 'Google sign-in is not available');
      await enforce(limiter, AUTH_LIMITS.signinPerIp, client.ip);
      const identity =
        'accessToken' in input
          ? await deps.google.identityFromAccessToken(input.accessToken)
          : await deps.google.identityFromCode(input.code, input.redirectUri);
      return signInWithGoogle(identity, client);
    },

    async logout(claims: SessionClaims): Promise<void> {
      await repo.revokeSession(claims.sub, claims.sid);
    },

    checkSecondFactor,
    checkNewPassword,

    /**
     * A fresh 6-digit code for an action the user confirms by e-mail (a withdrawal): any earlier
     * live code for the same subject stops working.
     */
    async sendActionCode(
      user: UserRow,
      action: { purpose: CodePurpose; subject: string; mail: (code: string) => AuthEmail },
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
      mailLater(user.email, action.mail(code));
    },
    /** Checks and consumes such a code; wrong tries are counted as for every e-mailed code. */
    checkActionCode: (userId: string, purpose: CodePurpose, code: string, subject: string) =>
      checkCode(userId, purpose, code, subject),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
