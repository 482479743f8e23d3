// Decides who is calling: the guards behind each route's access level (a live signed-in session,
// staff with the route's permission and a second factor, or a pending sign-in step) and helpers to
// read the caller from a request. Every request checks its session row, so revocation is immediate
// (on the embedded database, a row kept in memory until anything writes sessions or users).
import { mayDo } from '@td/contracts/staff';
import type { TTokenType } from '@td/contracts/statuses';
import { USER_CODE } from '@td/contracts/statuses';
import type { FastifyRequest } from 'fastify';
import { createBatchedLookup } from '../../platform/batched-lookup';
import { BoundedMap } from '../../platform/bounded';
import { addressLimitKey } from '../../platform/client-address';
import type { DatabaseHandle } from '../../platform/db/client';
import { AppError, forbidden, unauthenticated } from '../../platform/errors';
import type { AccessGuard } from '../../platform/http/access';
import { createReadCache } from '../../platform/read-cache';
import type { AuthRepository, SessionRow, UserRow } from './auth.repository';
import type { ClientContext } from './auth-rules';
import { isSessionId } from './sessions';
import type { SessionClaims, TokenService } from './tokens';

interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
}

export interface AuthContext {
  claims: SessionClaims;
  /** The signed-in user, loaded with the session (normal tokens only). */
  user: UserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
    authClaims?: SessionClaims;
  }
}

/** A back-office route outside the caller's role (or a trader on one). */
export const NOT_YOUR_ROLE = 'Your role does not allow this';
/** Staff reach the back-office only with a second factor: a password alone guards too much. */
export const SECOND_FACTOR_REQUIRED =
  'Turn on two-factor authentication or add a passkey under Security to use the back-office';

/** How often a session's "last seen" is written: not on every request. */
const TOUCH_INTERVAL_MS = 60_000;
const TOUCHED_MAX = 50_000;
/** Sessions kept with their users where every write is seen (the embedded database). */
const KEPT_SESSIONS_MAX = 5_000;

const bearerOf = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
};

/**
 * `read`, with each session's row kept until a statement that may write sessions or users is sent
 * or answered: `watch` then empties the cache, so that a read out at that moment is not kept either
 * (it may hold the row from before the write) and the next request reads again. A request thus sees
 * its session as it is when it asks, as long as `watch` hears of every write. Kept rows are frozen:
 * one request changing its user would change it for the next.
 */
function keptUntilWritten(
  read: (sessionId: string) => Promise<SessionWithUser | undefined>,
  watch: (listener: () => void) => void,
) {
  const kept = createReadCache<string, SessionWithUser | undefined>({
    ttlMs: Number.POSITIVE_INFINITY,
    max: KEPT_SESSIONS_MAX,
    keep: (found) => found !== undefined,
  });
  watch(() => kept.clear());
  const readFrozen = async (sessionId: string) => {
    const found = await read(sessionId);
    return found && Object.freeze({ session: Object.freeze(found.session), user: Object.freeze(found.user) });
  };
  return {
    read: (sessionId: string) => kept.get(sessionId, () => readFrozen(sessionId)),
    /** The kept row, if its read has answered since the last write: no waiting. */
    peek: (sessionId: string) => kept.peek(sessionId),
  };
}

export function createAuthenticator(
  tokens: TokenService,
  repo: AuthRepository,
  options: {
    /**
     * The database's watch on its writes, where it sees every one (the embedded database, which one
     * process holds): each session is then read once and kept until sessions or users are written.
     */
    watchWrites?: DatabaseHandle['watchWrites'];
  } = {},
) {
  const touchedAt = new BoundedMap<string, number>(TOUCHED_MAX);
  // Requests arriving together read their sessions in one query and write their "last seen" in
  // one statement: each still reads the session as it is when it asks (revocation is immediate),
  // and a crowd costs a few statements instead of one each.
  const readSessionWithUser = createBatchedLookup((sessionIds: string[]) =>
    repo.findSessionsWithUsers(sessionIds.filter(isSessionId)),
  );
  const { watchWrites } = options;
  const kept = watchWrites
    ? keptUntilWritten(readSessionWithUser, (listener) => watchWrites(['sessions', 'users'], listener))
    : undefined;
  const sessionWithUser = kept ? kept.read : readSessionWithUser;
  const touch = createBatchedLookup(async (touches: Array<{ sessionId: string; ip: string }>) => {
    await repo.touchSessions(touches);
    return new Map<{ sessionId: string; ip: string }, never>();
  });

  const claimsOf = async (request: FastifyRequest, type: TTokenType) => {
    const token = bearerOf(request);
    if (!token) throw unauthenticated();
    const claims = await tokens.verify(token);
    // A valid token of another type is as good as none here: a pending e-mail or two-factor sign-in opens no normal route.
    if (!claims || claims.type !== type)
      throw unauthenticated('Your session has expired. Please log in again');
    return claims;
  };

  /** Lets the request in as `claims`' user, or throws it out: the session must be live, the user active. */
  const admit = (request: FastifyRequest, claims: SessionClaims, found: SessionWithUser | undefined) => {
    if (
      !found ||
      found.session.userId !== claims.sub ||
      found.session.stage !== 'active' ||
      found.session.revokedAt ||
      found.session.expiresAt <= new Date()
    ) {
      throw unauthenticated('Your session has expired. Please log in again');
    }
    if (found.user.status !== USER_CODE.active)
      throw forbidden('Your account is suspended. Please contact support');
    request.auth = { claims, user: found.user };
  };

  /** Writes the session's "last seen" when it is due (at most once a minute): else nothing to wait for. */
  const touchIfDue = (request: FastifyRequest, sessionId: string): Promise<void> | undefined => {
    const now = Date.now();
    if (now - (touchedAt.get(sessionId) ?? 0) <= TOUCH_INTERVAL_MS) return undefined;
    touchedAt.set(sessionId, now);
    return touch({ sessionId, ip: request.ip }).then(() => undefined);
  };

  const requireNormalRead = async (request: FastifyRequest) => {
    const claims = await claimsOf(request, 'normal');
    admit(request, claims, await sessionWithUser(claims.sid));
    await touchIfDue(request, claims.sid);
  };

  /**
   * A normal token of a live session of an active user. Revocation (logout, password change,
   * reset) takes effect at once because every request checks the session row. A token already
   * checked with its session's row kept (the embedded database, nothing written since) is decided
   * without waiting: the same checks on the same row, with no promise in between.
   */
  const requireNormal = (request: FastifyRequest): Promise<void> | undefined => {
    const token = bearerOf(request);
    const claims = token && kept ? tokens.known(token) : undefined;
    const found = claims?.type === 'normal' ? kept?.peek(claims.sid) : undefined;
    if (!claims || !found) return requireNormalRead(request);
    admit(request, claims, found);
    return touchIfDue(request, claims.sid);
  };

  const requirePending =
    (type: 'email' | 'tfa'): AccessGuard =>
    async (request) => {
      request.authClaims = await claimsOf(request, type);
    };

  // The guards of the route access declarations (platform/http/access.ts).
  return {
    user: requireNormal satisfies AccessGuard,
    /**
     * As `user`, and the user must be staff whose role holds the route's permission (the staff
     * table, `@td/contracts/staff`), with a second factor on: anyone else is a 403.
     */
    admin: (async (request) => {
      await requireNormal(request);
      const user = authOf(request).user;
      const permission = request.routeOptions.config.permission;
      if (!permission || !mayDo(user.role, permission)) throw forbidden(NOT_YOUR_ROLE);
      if (!user.tfaEnabled && !(await repo.hasPasskeys(user.id))) {
        throw new AppError('SECOND_FACTOR_REQUIRED', SECOND_FACTOR_REQUIRED);
      }
    }) satisfies AccessGuard,
    /** An `email` or `tfa` token: the service checks its session, so a stale one reads as a wrong code. */
    email: requirePending('email'),
    tfa: requirePending('tfa'),
  };
}
export type Authenticator = ReturnType<typeof createAuthenticator>;

export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** The signed-in user of a request that passed its access check (401 without one). */
export function userOf(request: FastifyRequest): AuthContext['user'] {
  return authOf(request).user;
}

export function pendingClaimsOf(request: FastifyRequest): SessionClaims {
  if (!request.authClaims) throw unauthenticated();
  return request.authClaims;
}

export function clientOf(request: FastifyRequest): ClientContext {
  return {
    ip: request.ip,
    limitKey: addressLimitKey(request.ip),
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 400),
  };
}
