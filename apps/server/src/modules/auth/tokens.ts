// Signs and checks the tokens that carry a sign-in (HS256 JWTs naming a session and its stage) and
// the single-use tickets that open the live stream, signed with a key of their own so one is never
// taken for the other. Revocation is not checked here: that is the session row's job.
import { createHmac, hkdfSync, randomUUID, timingSafeEqual } from 'node:crypto';
import { STREAM_TICKET_TTL_S, TOKEN_TTL_S } from '@td/contracts/auth';
import type { TTokenType, TUserStatus } from '@td/contracts/statuses';
import { USER_CODE } from '@td/contracts/statuses';
import { errors, jwtVerify, SignJWT } from 'jose';
import { BoundedMap } from '../../platform/bounded';

const ISSUER = 'trading-desk';
const ALGORITHM = 'HS256';

export interface SessionClaims {
  sub: string;
  sid: string;
  type: TTokenType;
  status: TUserStatus;
}

export interface StreamTicket {
  userId: string;
  sessionId: string;
  ticketId: string;
  exp: number;
}

export interface TokenService {
  sign(claims: SessionClaims): Promise<string>;
  /** The claims of a valid token, or undefined: bad signature, other algorithm, expired, malformed. */
  verify(token: string): Promise<(SessionClaims & { exp: number }) | undefined>;
  /**
   * The claims of a token `verify` already found valid and that has not expired since, without
   * waiting; undefined for any other (`verify` then decides).
   */
  known(token: string): (SessionClaims & { exp: number }) | undefined;
  /** A single-use ticket to the stream, for one session: its sockets close when the session ends. */
  signStreamTicket(userId: string, sessionId: string): Promise<string>;
  verifyStreamTicket(token: string): Promise<StreamTicket | undefined>;
}

/** How many checked tokens are remembered before the memory starts over. */
const VERIFIED_MAX = 20_000;

const TYPES = new Set<string>(['normal', 'email', 'tfa']);

/** A stream ticket is far shorter; anything longer is refused before any work. */
const STREAM_TICKET_MAX_LENGTH = 512;

export function createTokenService(secret: Uint8Array): TokenService {
  // Stream tickets are signed with a key of their own, derived from the secret: a ticket is never
  // taken for a session token, nor the reverse. Checked with one synchronous HMAC (a reconnecting
  // crowd checks ten thousand at once), without a database round trip; single use is the stream's
  // registry's job.
  const ticketKey = Buffer.from(
    hkdfSync('sha256', secret, Buffer.alloc(0), 'trading-desk stream ticket', 32),
  );
  const ticketMac = (payload: string) => createHmac('sha256', ticketKey).update(payload).digest();
  // Only HS256 with our key: `alg: none` and tokens signed with any other algorithm are refused.
  const verifyOptions = { algorithms: [ALGORITHM], issuer: ISSUER };
  // A signature, once checked, stays valid: remember it and check only the expiry on the next
  // request with the same token (revocation is the session row's job, checked every time).
  const verified = new BoundedMap<string, SessionClaims & { exp: number }>(VERIFIED_MAX);
  return {
    async sign(claims) {
      return new SignJWT({ sid: claims.sid, type: claims.type, status: claims.status })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience('api')
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_TTL_S[claims.type]}s`)
        .sign(secret);
    },
    known(token) {
      const claims = verified.get(token);
      return claims && claims.exp * 1000 > Date.now() ? claims : undefined;
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now()) return known;
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, secret, { ...verifyOptions, audience: 'api' });
        const { sub, sid, type, status, exp } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return undefined;
        if (typeof type !== 'string' || !TYPES.has(type)) return undefined;
        if (status !== USER_CODE.active && status !== USER_CODE.suspended) return undefined;
        const claims: SessionClaims & { exp: number } = { sub, sid, type: type as TTokenType, status, exp };
        verified.set(token, claims);
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
    async signStreamTicket(userId, sessionId) {
      const ticket: StreamTicket = {
        userId,
        sessionId,
        ticketId: randomUUID(),
        exp: Math.floor(Date.now() / 1000) + STREAM_TICKET_TTL_S,
      };
      const payload = Buffer.from(JSON.stringify(ticket)).toString('base64url');
      return `${payload}.${ticketMac(payload).toString('base64url')}`;
    },
    async verifyStreamTicket(token) {
      if (token.length > STREAM_TICKET_MAX_LENGTH) return undefined;
      const [payload, mac, extra] = token.split('.');
      if (!payload || !mac || extra !== undefined) return undefined;
      const given = Buffer.from(mac, 'base64url');
      const expected = ticketMac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      let ticket: Partial<Record<keyof StreamTicket, unknown>>;
      try {
        ticket = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return undefined;
      }
      const { userId, sessionId, ticketId, exp } = ticket;
      if (
        typeof userId !== 'string' ||
        typeof sessionId !== 'string' ||
        typeof ticketId !== 'string' ||
        typeof exp !== 'number' ||
        exp * 1000 <= Date.now()
      ) {
        return undefined;
      }
      return { userId, sessionId, ticketId, exp };
    },
  };
}
