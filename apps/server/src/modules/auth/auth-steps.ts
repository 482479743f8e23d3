// The building blocks of sign-up and sign-in: starting and finishing sessions, sending and checking
// e-mailed codes, recording sign-ins (mailing on a new device), the step after the password, second
// factors and Google sign-in. `auth.service.ts` puts them together into the API's operations.
import { CODE_ATTEMPTS_MAX, EMAIL_CODE_TTL_S, TOKEN_TTL_S } from '@td/contracts/auth';
import { normalizeEmail } from '@td/contracts/email';
import type { TTokenType } from '@td/contracts/statuses';
import { USER_CODE } from '@td/contracts/statuses';
import { AppError, badRequest, conflict, forbidden, unauthenticated } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Brand } from '../../platform/mail/email-layout';
import type { Mailer } from '../../platform/mail/mailer';
import type { RateLimiter } from '../../platform/rate-limit';
import type { AuthRepository, CodePurpose, SessionStage, UserRow } from './auth.repository';
import { createAccountMailer } from './auth-emails';
import {
  type ClientContext,
  COMMON_PASSWORD,
  expiresIn,
  GOOGLE_LINKED_ELSEWHERE,
  newReferralCode,
  SIGNIN_CHALLENGE,
  STAGE_OF,
  WRONG_CODE,
  WRONG_PASSWORD_DETAIL,
  wrongCodeAfter,
} from './auth-rules';
import {
  type CodeHasher,
  generateLinkToken,
  generateSixDigitCode,
  normalizeRecoveryCode,
  resetDecoyId,
} from './codes';
import { isCommonPassword } from './common-passwords';
import { describeDevice, deviceFingerprint } from './device';
import type { GoogleClient, GoogleIdentity } from './google';
import { newDeviceEmail, signinCodeEmail } from './security-emails';
import type { SessionEnder } from './sessions';
import { verificationEmail } from './signup-emails';
import type { SessionClaims, TokenService } from './tokens';
import { matchTotp } from './totp';

export interface AuthServiceDeps {
  repo: AuthRepository;
  tokens: TokenService;
  codes: CodeHasher;
  mailer: Mailer;
  limiter: RateLimiter;
  logger: Logger;
  publicUrl: string;
  google: GoogleClient | undefined;
  /** Ends sessions (logout, reset) in the database and on the live stream. */
  sessions: SessionEnder;
  /** The product's name and support address in every mail (the operator's settings). */
  brand: () => Promise<Brand>;
  /** The notification centre: a sign-in from a new device shows there too. */
  notify?: (
    userId: string,
    kind: string,
    payload: { message: string } & Record<string, unknown>,
  ) => Promise<unknown>;
}

/**
 * The steps the account system's operations are made of: sessions started and finished, codes
 * sent and checked, sign-ins recorded, the next step after a password (verify the e-mail, the
 * second factor, or in). `auth.service.ts` composes them into the API's operations.
 */
export function createAuthSteps(deps: AuthServiceDeps) {
  const { repo, tokens, codes } = deps;

  /** Mails `user` after the answer, the mail written to them as `to`. */
  const mailUser = createAccountMailer(deps);

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

  /**
   * A successful sign-in: history (with how it was made, `detail`, when not by password), and an
   * e-mail when the device is new to an existing account.
   */
  const recordSuccess = async (user: UserRow, client: ClientContext, detail?: string) => {
    const deviceHash = deviceFingerprint(client.userAgent, client.ip);
    const seen = await repo.hasSucceededFrom(user.id, deviceHash);
    await repo.insertLoginEvent({
      userId: user.id,
      ip: client.ip,
      userAgent: client.userAgent,
      deviceHash,
      outcome: 'success',
      detail,
    });
    if (seen.hasAny && !seen.isKnown) {
      mailUser(user, (to) =>
        newDeviceEmail({
          ...to,
          device: describeDevice(client.userAgent, to.language),
          ip: client.ip,
          at: new Date(),
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
    mailUser(user, (to) =>
      verificationEmail({
        ...to,
        code,
        link: url,
      }),
    );
  };

  /**
   * Checks an e-mailed code; the code is consumed when it matches. Each try is claimed (counted)
   * before the comparison in one statement, so parallel guesses get at most CODE_ATTEMPTS_MAX.
   */
  const checkCode = async (userId: string, purpose: CodePurpose, code: string, subject?: string) => {
    const claimed = await repo.claimCodeTry(userId, purpose, subject, CODE_ATTEMPTS_MAX);
    if (!claimed) {
      const live = await repo.findLiveCode(userId, purpose, subject);
      throw wrongCodeAfter(live ? live.attempts : 0);
    }
    if (!codes.matches(code, claimed.codeHash)) throw wrongCodeAfter(claimed.attempts);
    if (!(await repo.consumeCode(claimed.id))) throw badRequest(WRONG_CODE);
  };

  /** A code that confirms a sign-in of this session (see SIGNIN_CHALLENGE). */
  const sendSigninCode = async (user: UserRow, sessionId: string, client: ClientContext) => {
    const code = generateSixDigitCode();
    await repo.replaceCode({
      userId: user.id,
      purpose: 'signin_confirm',
      subject: sessionId,
      codeHash: codes.hash(code),
      expiresAt: expiresIn(EMAIL_CODE_TTL_S),
    });
    mailUser(user, (to) =>
      signinCodeEmail({
        ...to,
        code,
        device: describeDevice(client.userAgent, to.language),
        ip: client.ip,
      }),
    );
  };

  /**
   * After the password (or Google): verification, a code to confirm a suspicious sign-in (the
   * `email` step too), two-factor, or straight in.
   */
  const nextStep = async (
    user: UserRow,
    client: ClientContext,
    options: { confirmByEmail?: boolean } = {},
  ) => {
    if (user.status !== USER_CODE.active)
      throw forbidden('Your account is suspended. Please contact support');
    if (!user.emailVerifiedAt) {
      await sendVerificationCode(user);
      return startSession(user, 'email', client);
    }
    if (options.confirmByEmail) {
      const session = await repo.insertSession({
        userId: user.id,
        stage: 'email',
        ip: client.ip,
        userAgent: client.userAgent,
        expiresAt: expiresIn(TOKEN_TTL_S.email),
      });
      await sendSigninCode(user, session.id, client);
      return tokens.sign({ sub: user.id, sid: session.id, type: 'email', status: user.status });
    }
    // A passkey is a second factor too: an account with one asks for it (or the app's code).
    if (user.tfaEnabled || (await repo.hasPasskeys(user.id))) return startSession(user, 'tfa', client);
    await recordSuccess(user, client);
    return startSession(user, 'normal', client);
  };

  /**
   * An address this account has never signed in from, after repeated wrong passwords on it: the
   * right password may be a stranger's lucky guess, so the owner's mailbox confirms it.
   */
  const needsEmailConfirmation = async (user: UserRow, isKnownIp: boolean) => {
    if (isKnownIp || !user.emailVerifiedAt) return false;
    const since = new Date(Date.now() - SIGNIN_CHALLENGE.windowMs);
    return (
      (await repo.countFailuresSince(user.id, WRONG_PASSWORD_DETAIL, since)) >= SIGNIN_CHALLENGE.failuresMin
    );
  };

  /** A decoy's code try: never right, and counted exactly as a real code's tries are. */
  const checkDecoyCode = async (decoyId: string) => {
    const claimed = await repo.claimDecoyTry(decoyId, CODE_ATTEMPTS_MAX);
    if (claimed) throw wrongCodeAfter(claimed.attempts);
    const decoy = await repo.findDecoy(decoyId);
    const isCodeLive =
      decoy !== undefined && decoy.codeExpiresAt > new Date() && decoy.expiresAt > new Date();
    throw wrongCodeAfter(isCodeLive ? decoy.attempts : 0);
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
    detail?: string,
  ) => {
    if (!(await repo.advanceSession(claims.sid, from, 'active', expiresIn(TOKEN_TTL_S.normal)))) {
      throw unauthenticated('This sign-in has expired. Please log in again');
    }
    await recordSuccess(user, client, detail);
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
    const linked = await repo.findUserByGoogleSub(identity.sub);
    if (linked) return nextStep(linked, client);
    let user = await repo.findUserByEmail(email);
    if (user) {
      // One Google account per user: an address linked to another Google account stays with it.
      if (user.googleSub) throw conflict(GOOGLE_LINKED_ELSEWHERE);
      const link = await repo.linkGoogle(user.id, identity.sub);
      if (!link) throw conflict(GOOGLE_LINKED_ELSEWHERE);
      user = link.user;
      // Google has verified the mailbox, so the account is this person's. Whoever registered the
      // address before without proving it (a pre-hijack) loses the password they chose (cleared in
      // the link); every other session ends, so nobody keeps a way in this person did not open.
      await deps.sessions.endAll(user.id);
    } else {
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
    mailUser,
    startSession,
    recordSuccess,
    recordFailure,
    sendVerificationCode,
    checkCode,
    sendSigninCode,
    nextStep,
    needsEmailConfirmation,
    checkDecoyCode,
    addressDecoyId: (email: string) => resetDecoyId(codes, email),
    pendingSession,
    finishSession,
    checkSecondFactor,
    checkNewPassword,
    signInWithGoogle,
  };
}
export type AuthSteps = ReturnType<typeof createAuthSteps>;
