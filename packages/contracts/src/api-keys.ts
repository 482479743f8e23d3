import { z } from 'zod/mini';
import { ZProofFields } from './auth';
import { ZSafeText } from './text';

/**
 * API keys: programs sign their requests with a key's secret instead of holding a session.
 * `read` reads the account (profile, orders, portfolio); `trade` places, changes, closes and
 * cancels orders. No scope reaches the wallet: a key can never move money out.
 */
export const API_KEY_SCOPES = ['read', 'trade'] as const;
export type TApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_LABEL_MAX = 64;
/** Keys a user may hold at once (revoked ones do not count). */
export const API_KEYS_PER_USER_MAX = 10;
/** Addresses or networks a key may be limited to. */
export const API_KEY_ALLOWED_IPS_MAX = 20;

/** The headers of a signed request. */
export const API_KEY_HEADER = 'X-API-KEY';
export const API_TIMESTAMP_HEADER = 'X-API-TIMESTAMP';
export const API_SIGNATURE_HEADER = 'X-API-SIGNATURE';
export const API_RECV_WINDOW_HEADER = 'X-API-RECV-WINDOW';

/** How long after its timestamp a signed request is accepted, unless it asks for another window. */
export const API_RECV_WINDOW_DEFAULT_MS = 5_000;
export const API_RECV_WINDOW_MAX_MS = 60_000;
/** How far ahead of the server's clock a timestamp may be. */
export const API_CLOCK_AHEAD_MAX_MS = 1_000;
/** Signed requests one key may make per minute. */
export const API_KEY_REQUESTS_PER_MINUTE = 600;

/** The public half of a key: `tdk_` and 32 characters of base64url. */
export const API_KEY_ID_PATTERN = /^tdk_[A-Za-z0-9_-]{32}$/;

/**
 * What a request's signature covers, before the body: the timestamp, the method in capitals, the
 * path as sent (percent-encoding kept), and the query string as sent without its `?` (empty when
 * there is none), each followed by a line feed. The body's bytes, exactly as sent, follow (nothing
 * for a request without one). The signature is the lower-case hex HMAC-SHA256 of that with the key's
 * secret.
 */
export function apiSignaturePrefix(parts: {
  timestamp: string;
  method: string;
  path: string;
  query: string;
}): string {
  return `${parts.timestamp}\n${parts.method.toUpperCase()}\n${parts.path}\n${parts.query}\n`;
}

const ZAllowedIp = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
  error: 'Allowed IP addresses must be IPv4 or IPv6 addresses or networks (203.0.113.0/24)',
});

export const ZCreateApiKeyRequest = z.object({
  label: ZSafeText('Label', { min: 1, max: API_KEY_LABEL_MAX, minMessage: 'Give the key a label' }),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'Scopes are read and trade' }), { error: 'Choose the scopes' })
    .check(
      z.minLength(1, 'Choose at least one scope'),
      z.maxLength(API_KEY_SCOPES.length, 'Choose each scope once'),
      z.refine((scopes) => new Set(scopes).size === scopes.length, 'Choose each scope once'),
      z.meta({ uniqueItems: true }),
    ),
  allowedIps: z._default(
    z
      .array(ZAllowedIp, { error: 'Allowed IP addresses must be a list' })
      .check(z.maxLength(API_KEY_ALLOWED_IPS_MAX, `At most ${API_KEY_ALLOWED_IPS_MAX} allowed IP addresses`)),
    [],
  ),
  // A new way to the account's orders: the proof beyond the session (see `ZProof`).
  ...ZProofFields,
});
export type TCreateApiKeyRequest = z.input<typeof ZCreateApiKeyRequest>;

export const ZApiKey = z.object({
  id: z.string(),
  label: z.string(),
  /** The public half, sent as X-API-KEY. */
  keyId: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** Empty: any address. */
  allowedIps: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  lastUsedIp: z.nullable(z.string()),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** A key as created: the only answer that carries its secret. */
export const ZCreatedApiKey = z.extend(ZApiKey, { secret: z.string() });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;
