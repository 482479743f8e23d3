import type * as WebAuthn from '@simplewebauthn/server';
import type { TLanguageCode } from '@td/contracts/auth';
import {
  PASSKEYS_PER_USER_MAX,
  type TPasskey,
  type TPasskeyOptions,
  type ZAddPasskeyRequest,
  type ZPasskeyAssertion,
} from '@td/contracts/passkeys';
import type { z } from 'zod';
import { badRequest, conflict, notFound, unauthenticated } from '../../platform/errors';
import { lazyModule } from '../../platform/lazy-module';
import { enforce, type RateLimiter } from '../../platform/rate-limit';
import { type Notify, REVIEW_SECURITY } from '../notifications/notifications.service';
import type { AuthRepository, UserRow } from './auth.repository';
import type { AuthService } from './auth.service';
import { AUTH_LIMITS, type ClientContext } from './auth-rules';
import type { PasskeyPurpose, PasskeyRow } from './passkeys.repository';
import type { ProofCheck, ProofInput } from './proof';
import type { SessionClaims } from './tokens';

/** The WebAuthn library (with its certificate parsers) is loaded at the first passkey ceremony. */
const loadWebAuthn = lazyModule(() => import('@simplewebauthn/server'));

/** How long the browser has to answer a ceremony's challenge. */
const CHALLENGE_TTL_MS = 5 * 60_000;
const PASSKEY_FAILED = 'This passkey could not be used. Try again, or sign in another way';

/** The relying party: the product's own host name and origin, from PUBLIC_URL. */

/** The mail that says a passkey was added, in each language the product speaks. */
const PASSKEY_ADDED_WORDS = {
  en: (name: string) => ({
    subject: 'A passkey was added to your account',
    paragraphs: [
      `The passkey "${name}" can now sign in to your account without a password.`,
      'If you did not add it, remove it under Security and change your password at once.',
    ],
  }),
  es: (name: string) => ({
    subject: 'Se ha añadido una llave de acceso a tu cuenta',
    paragraphs: [
      `La llave de acceso «${name}» ya puede iniciar sesión en tu cuenta sin contraseña.`,
      'Si no la has añadido tú, quítala en Seguridad y cambia tu contraseña de inmediato.',
    ],
  }),
  ru: (name: string) => ({
    subject: 'В ваш аккаунт добавлен ключ доступа',
    paragraphs: [
      `С ключом доступа «${name}» теперь можно входить в ваш аккаунт без пароля.`,
      'Если вы его не добавляли, удалите его в разделе «Безопасность» и сразу смените пароль.',
    ],
  }),
} satisfies Record<TLanguageCode, unknown>;

export function relyingPartyOf(publicUrl: string) {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
}

/** WebAuthn's user handle for a user: the 16 bytes of their id (no e-mail, nothing personal). */
const userHandleOf = (userId: string) => new Uint8Array(Buffer.from(userId.replaceAll('-', ''), 'hex'));
const handleText = (userId: string) => Buffer.from(userHandleOf(userId)).toString('base64url');

export function toPasskeyDto(row: PasskeyRow): TPasskey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    isSynced: row.isSynced,
  };
}

type Assertion = z.output<typeof ZPasskeyAssertion>;

/** The library's options as the wire's open object (they go to the browser as they are). */
const asOptions = (options: { challenge: string }): TPasskeyOptions => options as TPasskeyOptions;

/**
 * Passkeys: registered from a signed-in session (with the proof beyond the session), then used to sign in without a password or as the second factor of a password sign-in.
 * Every ceremony's challenge is issued here, kept server-side and taken once.
 */
export function createPasskeysService(deps: {
  repo: AuthRepository;
  auth: AuthService;
  limiter: RateLimiter;
  publicUrl: string;
  appName: () => Promise<string>;
  /** Adding a passkey asks for proof beyond the session. */
  proof: ProofCheck;
  /** Tells the user (in the app and by e-mail) that a passkey was added. */
  notify?: Notify;
}) {
  const { repo, auth, limiter } = deps;
  const rp = relyingPartyOf(deps.publicUrl);

  const remember = async (
    challenge: string,
    purpose: PasskeyPurpose,
    bound: { userId?: string; sessionId?: string },
  ) =>
    repo.insertChallenge({
      challenge,
      purpose,
      userId: bound.userId ?? null,
      sessionId: bound.sessionId ?? null,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    });

  /** Checks an assertion against a stored passkey, taking its challenge; the passkey's use recorded. */
  const verifyAssertion = async (
    response: Assertion,
    purpose: PasskeyPurpose,
    bound: { sessionId?: string },
  ): Promise<{ passkey: PasskeyRow; user: UserRow }> => {
    const found = await repo.findPasskeyWithUser(response.id);
    if (!found) throw unauthenticated(PASSKEY_FAILED);
    const { passkey, user } = found;
    // The handle the authenticator returns names the account the passkey was made for.
    if (response.response.userHandle !== undefined && response.response.userHandle !== handleText(user.id)) {
      throw unauthenticated(PASSKEY_FAILED);
    }
    let verification: Awaited<ReturnType<typeof WebAuthn.verifyAuthenticationResponse>>;
    try {
      verification = await (await loadWebAuthn()).verifyAuthenticationResponse({
        response: response as Parameters<typeof WebAuthn.verifyAuthenticationResponse>[0]['response'],
        expectedChallenge: (challenge) => repo.takeChallenge(challenge, purpose, bound),
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: passkey.transports as never,
        },
        requireUserVerification: purpose === 'signin',
      });
    } catch {
      throw unauthenticated(PASSKEY_FAILED);
    }
    if (!verification.verified) throw unauthenticated(PASSKEY_FAILED);
    // A counter that did not move forward (when the authenticator keeps one) is a cloned key, or a
    // second use racing this one: refused either way.
    const { newCounter } = verification.authenticationInfo;
    if (!(await repo.recordPasskeyUse(passkey.id, passkey.counter, newCounter))) {
      throw unauthenticated(PASSKEY_FAILED);
    }
    return { passkey, user };
  };

  return {
    async list(userId: string): Promise<TPasskey[]> {
      return (await repo.listPasskeys(userId)).map(toPasskeyDto);
    },

    /**
     * Options to create a passkey, after the proof beyond the session: the current password (an
     * e-mailed code for an account without one, such as a Google-only account), and the second
     * factor when two-factor is on. A session alone (a borrowed laptop, a stolen cookie) cannot add
     * a way in that outlives every session ending.
     */
    async registrationOptions(user: UserRow, proof: ProofInput, client: ClientContext) {
      await deps.proof.check(user, proof, client);
      const held = await repo.listPasskeys(user.id);
      if (held.length >= PASSKEYS_PER_USER_MAX) {
        throw conflict(
          `You can hold at most ${PASSKEYS_PER_USER_MAX} passkeys; remove one you no longer use`,
        );
      }
      const options = await (await loadWebAuthn()).generateRegistrationOptions({
        rpName: await deps.appName(),
        rpID: rp.id,
        userName: user.email,
        userID: userHandleOf(user.id),
        userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
        attestationType: 'none',
        excludeCredentials: held.map((row) => ({
          id: row.credentialId,
          transports: row.transports as never,
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
        timeout: CHALLENGE_TTL_MS,
      });
      await remember(options.challenge, 'register', { userId: user.id });
      return asOptions(options);
    },

    async register(user: UserRow, input: z.output<typeof ZAddPasskeyRequest>): Promise<TPasskey> {
      let verification: Awaited<ReturnType<typeof WebAuthn.verifyRegistrationResponse>>;
      try {
        verification = await (await loadWebAuthn()).verifyRegistrationResponse({
          response: input.response as Parameters<typeof WebAuthn.verifyRegistrationResponse>[0]['response'],
          expectedChallenge: (challenge) => repo.takeChallenge(challenge, 'register', { userId: user.id }),
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: false,
        });
      } catch {
        throw badRequest('The passkey could not be added. Try again');
      }
      if (!verification.verified) throw badRequest('The passkey could not be added. Try again');
      const { credential, credentialBackedUp } = verification.registrationInfo;
      const row = await repo.insertPasskeyWithin(PASSKEYS_PER_USER_MAX, {
        userId: user.id,
        name: input.name,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        isSynced: credentialBackedUp,
      });
      if (!row) throw conflict('This passkey is already added, or you hold the most passkeys allowed');
      // A new way into the account: the owner hears of it at once, wherever they are.
      await deps.notify?.(
        user.id,
        'security_change',
        { message: `Passkey "${row.name}" added to your account`, passkeyId: row.id },
        {
          email: (language) => ({
            ...PASSKEY_ADDED_WORDS[language](row.name),
            button: { label: REVIEW_SECURITY[language], url: `${deps.publicUrl}/dashboard/security` },
          }),
        },
      );
      return toPasskeyDto(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.deletePasskey(userId, id))) throw notFound('Passkey not found');
    },

    /** Options to sign in with any passkey of this site (the browser offers the ones it holds). */
    async signinOptions(client: ClientContext) {
      await enforce(limiter, AUTH_LIMITS.signinPerIp, client.limitKey);
      const options = await (await loadWebAuthn()).generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'required',
        timeout: CHALLENGE_TTL_MS,
      });
      await remember(options.challenge, 'signin', {});
      return asOptions(options);
    },

    async signin(response: Assertion, client: ClientContext): Promise<string> {
      await enforce(limiter, AUTH_LIMITS.signinPerIp, client.limitKey);
      const { user } = await verifyAssertion(response, 'signin', {});
      return auth.signinWithPasskey(user, client);
    },

    /** Options for the second factor: this account's passkeys only, for this sign-in only. */
    async secondFactorOptions(claims: SessionClaims) {
      await enforce(limiter, AUTH_LIMITS.tfaPerAccount, claims.sub);
      const held = await repo.listPasskeys(claims.sub);
      if (held.length === 0) throw notFound('This account has no passkey');
      const options = await (await loadWebAuthn()).generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials: held.map((row) => ({ id: row.credentialId, transports: row.transports as never })),
        userVerification: 'preferred',
        timeout: CHALLENGE_TTL_MS,
      });
      await remember(options.challenge, 'tfa', { userId: claims.sub, sessionId: claims.sid });
      return asOptions(options);
    },

    async secondFactor(claims: SessionClaims, response: Assertion, client: ClientContext): Promise<string> {
      await enforce(limiter, AUTH_LIMITS.tfaPerIp, client.limitKey);
      await enforce(limiter, AUTH_LIMITS.tfaPerAccount, claims.sub);
      const found = await repo.findPasskeyWithUser(response.id);
      // Another account's passkey proves nothing about this one.
      if (!found || found.user.id !== claims.sub) {
        const pending = await repo.findUserById(claims.sub);
        if (pending) await auth.recordFailure(pending, client, 'Wrong passkey');
        throw unauthenticated(PASSKEY_FAILED);
      }
      const { user } = await verifyAssertion(response, 'tfa', { sessionId: claims.sid });
      return auth.finishWithPasskey(claims, user.id, client);
    },
  };
}
export type PasskeysService = ReturnType<typeof createPasskeysService>;
