import { randomUUID } from 'node:crypto';
import { STREAM_TICKET_TTL_S, TOKEN_TTL_S } from '@td/contracts/auth';
import type { TTokenType, TUserStatus } from '@td/contracts/statuses';
import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'trading-desk';
const ALGORITHM = 'HS256';

export interface SessionClaims {
  sub: string;
  sid: string;
  type: TTokenType;
  status: TUserStatus;
}

export interface TokenService {
  sign(claims: SessionClaims): Promise<string>;
  /** The claims of a valid token, or undefined: bad signature, other algorithm, expired, malformed. */
  verify(token: string): Promise<(SessionClaims & { exp: number }) | undefined>;
  signStreamTicket(userId: string): Promise<string>;
  verifyStreamTicket(token: string): Promise<{ userId: string; ticketId: string; exp: number } | undefined>;
}

const TYPES = new Set<string>(['normal', 'email', 'tfa']);

export function createTokenService(secret: Uint8Array): TokenService {
  // Only HS256 with our key: `alg: none` and tokens signed with any other algorithm are refused.
  const verifyOptions = { algorithms: [ALGORITHM], issuer: ISSUER };
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
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { ...verifyOptions, audience: 'api' });
        const { sub, sid, type, status, exp } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return undefined;
        if (typeof type !== 'string' || !TYPES.has(type)) return undefined;
        if (status !== 'act' && status !== 'sus') return undefined;
        return { sub, sid, type: type as TTokenType, status, exp };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
    async signStreamTicket(userId) {
      return new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience('stream')
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${STREAM_TICKET_TTL_S}s`)
        .sign(secret);
    },
    async verifyStreamTicket(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { ...verifyOptions, audience: 'stream' });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.jti !== 'string' ||
          typeof payload.exp !== 'number'
        ) {
          return undefined;
        }
        return { userId: payload.sub, ticketId: payload.jti, exp: payload.exp };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
