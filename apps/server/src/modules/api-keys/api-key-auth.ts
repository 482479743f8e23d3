import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { Readable } from 'node:stream';
import {
  API_CLOCK_AHEAD_MAX_MS,
  API_KEY_ID_PATTERN,
  API_KEY_REQUESTS_PER_MINUTE,
  API_RECV_WINDOW_DEFAULT_MS,
  API_RECV_WINDOW_MAX_MS,
  apiSignaturePrefix,
  type TApiKeyScope,
} from '@td/contracts/api-keys';
import { USER_CODE } from '@td/contracts/statuses';
import type {
  FastifyInstance,
  FastifyRequest,
  preParsingHookHandler,
  preValidationHookHandler,
} from 'fastify';
import { BoundedMap } from '../../platform/bounded';
import { addressLimitKey } from '../../platform/client-address';
import { AppError, forbidden, unauthenticated } from '../../platform/errors';
import type { AccessGuard } from '../../platform/http/access';
import { addRouteHook } from '../../platform/http/route-hooks';
import { enforce, type RateLimiter, type RateLimitRule } from '../../platform/rate-limit';
import type { UserRow } from '../auth/auth.repository';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository';

/** A signed request whose key, scope and address passed; its signature is checked once the body is read. */
interface PendingApiKeyCheck {
  key: ApiKeyRow;
  user: UserRow;
  timestamp: string;
  timestampMs: number;
  recvWindowMs: number;
  signature: Buffer;
  body: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKeyCheck?: PendingApiKeyCheck;
    /** Set when the request was made with an API key (and its signature held). */
    apiKey?: { id: string; scopes: readonly TApiKeyScope[] };
  }
}

const TIMESTAMP = /^\d{13}$/;
/** How often a key's "last used" is written, and how many keys this process remembers it for. */
const TOUCH_INTERVAL_MS = 60_000;
const TOUCHED_MAX = 50_000;
const SIGNATURE = /^[0-9a-f]{64}$/;
const RECV_WINDOW = /^\d{1,5}$/;

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** An address as compared with a key's allowed list: an IPv4 address seen through IPv6 is IPv4. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

/** Whether `ip` is one of the addresses or inside one of the networks listed. */
export function isAllowedAddress(ip: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  const address = plainAddress(ip);
  const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (!type) return false;
  const list = new BlockList();
  for (const entry of allowed) {
    const [net, bits] = entry.split('/');
    if (!net) continue;
    const entryType = isIPv4(net) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(net, entryType);
    else list.addSubnet(net, Number(bits), entryType);
  }
  return list.check(address, type);
}

/** The signature a request must carry: lower-case hex HMAC-SHA256 of its prefix and body. */
export function signatureOf(secret: Buffer | string, prefix: string, body: Buffer): Buffer {
  return createHmac('sha256', secret).update(prefix).update(body).digest();
}

const refused = (message: string) => unauthenticated(message);

/** Refused signed requests one address may make in 15 minutes before it is turned away (429). */
export const API_KEY_FAILURES_PER_ADDRESS: RateLimitRule = {
  name: 'api-key-failures',
  max: 60,
  windowMs: 15 * 60_000,
};

/**
 * Requests signed with an API key, as crypto exchanges take them: `X-API-KEY` (the key's public
 * half), `X-API-TIMESTAMP` (milliseconds since the epoch), `X-API-SIGNATURE` and optionally
 * `X-API-RECV-WINDOW`. Before the body is read: the key is live, the route takes keys of a scope the
 * key has, the caller's address is allowed, the timestamp is within its window, the key's rate
 * holds. Once the body is read and before it is validated: the signature covers it, and has not been
 * seen before (kept until its window ends, in the database all processes share).
 */
export function createApiKeyAuth(deps: {
  repo: ApiKeysRepository;
  secretOf: (row: ApiKeyRow) => Buffer;
  /** Records a signature as used; false when it was used before. */
  claimNonce: (hash: string, expiresAt: Date) => Promise<boolean>;
  limiter: RateLimiter;
  bodyLimitBytes: number;
  requestsPerMinute?: number;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const touchedAt = new BoundedMap<string, number>(TOUCHED_MAX);
  const rule: RateLimitRule = {
    name: 'api-key',
    max: deps.requestsPerMinute ?? API_KEY_REQUESTS_PER_MINUTE,
    windowMs: 60_000,
  };
  /** A refusal, counted against the caller's address (unknown keys, bad or replayed signatures). */
  const refusedFrom = async (request: FastifyRequest, message: string) => {
    await enforce(
      deps.limiter,
      API_KEY_FAILURES_PER_ADDRESS,
      addressLimitKey(request.ip),
      'Too many refused API requests from this address; wait a while',
    );
    return refused(message);
  };

  const begin = async (request: FastifyRequest, keyId: string): Promise<PendingApiKeyCheck> => {
    if (request.headers.authorization) throw refused('Send an API key or a session token, not both');
    const scope = request.routeOptions.config.apiScope;
    if (!scope) throw forbidden('API keys cannot be used here');
    const timestamp = header(request, 'x-api-timestamp');
    const signature = header(request, 'x-api-signature');
    const window = header(request, 'x-api-recv-window');
    if (!API_KEY_ID_PATTERN.test(keyId)) throw refused('Unknown or revoked API key');
    if (!timestamp || !TIMESTAMP.test(timestamp)) {
      throw refused('X-API-TIMESTAMP must be the time in milliseconds since 1970');
    }
    if (!signature || !SIGNATURE.test(signature)) {
      throw refused('X-API-SIGNATURE must be 64 lower-case hex digits');
    }
    const recvWindowMs = window === undefined ? API_RECV_WINDOW_DEFAULT_MS : Number(window);
    if (
      (window !== undefined && !RECV_WINDOW.test(window)) ||
      recvWindowMs < 1 ||
      recvWindowMs > API_RECV_WINDOW_MAX_MS
    ) {
      throw refused(`X-API-RECV-WINDOW must be 1 to ${API_RECV_WINDOW_MAX_MS} milliseconds`);
    }
    const timestampMs = Number(timestamp);
    const at = now();
    if (timestampMs > at + API_CLOCK_AHEAD_MAX_MS)
      throw refused('X-API-TIMESTAMP is ahead of the server’s clock');
    if (at - timestampMs > recvWindowMs)
      throw refused('The request’s timestamp is outside its receive window');

    const found = await deps.repo.findLiveWithUser(keyId);
    if (!found) throw await refusedFrom(request, 'Unknown or revoked API key');
    if (!isAllowedAddress(request.ip, found.key.allowedIps)) {
      throw forbidden('This API key may not be used from this address');
    }
    if (!found.key.scopes.includes(scope)) throw forbidden(`This API key does not have the ${scope} scope`);
    if (found.user.status !== USER_CODE.active) {
      throw forbidden('Your account is suspended. Please contact support');
    }
    await enforce(deps.limiter, rule, found.key.id, 'Too many requests with this API key; slow down');
    return {
      key: found.key,
      user: found.user,
      timestamp,
      timestampMs,
      recvWindowMs,
      signature: Buffer.from(signature, 'hex'),
      body: Buffer.alloc(0),
    };
  };

  /** A signed request's body, kept as sent for its signature and handed on to the parser. */
  const readSignedBody = async (check: PendingApiKeyCheck, payload: AsyncIterable<unknown>) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      size += (chunk as Buffer).length;
      if (size > deps.bodyLimitBytes)
        throw new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large');
      chunks.push(chunk as Buffer);
    }
    check.body = Buffer.concat(chunks);
    return Readable.from([check.body]);
  };

  /** Checks a signed request's signature and nonce, then signs the request in as the key's owner. */
  const verifySigned = async (request: FastifyRequest, check: PendingApiKeyCheck) => {
    const [path = '', query = ''] = splitUrl(request.raw.url ?? request.url);
    const prefix = apiSignaturePrefix({
      timestamp: check.timestamp,
      method: request.method,
      path,
      query,
    });
    const expected = signatureOf(deps.secretOf(check.key), prefix, check.body);
    if (!timingSafeEqual(expected, check.signature)) {
      throw await refusedFrom(request, 'The request’s signature does not match');
    }
    const nonce = createHash('sha256')
      .update(`api-key:${check.key.id}:`)
      .update(check.signature)
      .digest('hex');
    const isFirst = await deps.claimNonce(
      nonce,
      new Date(check.timestampMs + check.recvWindowMs + API_CLOCK_AHEAD_MAX_MS),
    );
    if (!isFirst) throw await refusedFrom(request, 'This signed request was already used');
    request.apiKey = { id: check.key.id, scopes: check.key.scopes };
    request.auth = {
      claims: { sub: check.user.id, sid: check.key.id, type: 'normal', status: check.user.status },
      user: check.user,
    };
    // "Last used" is written at most once a minute per key (the statement checks it too):
    // a program's steady stream of requests does not write on every one.
    const at = now();
    if (at - (touchedAt.get(check.key.id) ?? 0) >= TOUCH_INTERVAL_MS) {
      touchedAt.set(check.key.id, at);
      await deps.repo.touch(check.key.id, request.ip);
    }
  };

  return {
    /**
     * The `user` access for routes that also take API keys (those declaring `apiScope`): a request
     * with `X-API-KEY` is checked as a signed request, any other goes to the session's guard.
     */
    orSession(sessionGuard: AccessGuard): AccessGuard {
      return (request) => {
        const keyId = header(request, 'x-api-key');
        if (keyId === undefined) return sessionGuard(request);
        return begin(request, keyId).then((check) => {
          request.apiKeyCheck = check;
        });
      };
    },

    /**
     * Reads a signed request's body as sent, then checks its signature before the body is validated:
     * hooks of the routes that take API keys only (those declaring `apiScope`; no other route lets
     * a key through, see `orSession`). They are callbacks that pass a request without a key at
     * once; only a signed request goes on to the asynchronous work.
     */
    register(app: FastifyInstance): void {
      const readBody: preParsingHookHandler = (request, _reply, payload, done) => {
        const check = request.apiKeyCheck;
        if (!check) return done(null, payload);
        readSignedBody(check, payload).then((body) => done(null, body), done);
      };
      const verify: preValidationHookHandler = (request, _reply, done) => {
        const check = request.apiKeyCheck;
        if (!check) return done();
        request.apiKeyCheck = undefined;
        verifySigned(request, check).then(() => done(), done);
      };
      app.addHook('onRoute', (route) => {
        if (!route.config?.apiScope) return;
        addRouteHook(route, 'preParsing', readBody, 'last');
        addRouteHook(route, 'preValidation', verify, 'last');
      });
    },
  };
}
export type ApiKeyAuth = ReturnType<typeof createApiKeyAuth>;

/** The path and the query string of a request target, as sent. */
function splitUrl(url: string): [string, string] {
  const at = url.indexOf('?');
  return at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at + 1)];
}
