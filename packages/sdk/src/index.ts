import { apiSignaturePrefix } from '@td/contracts/api-keys';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './api';

export type { components, operations, paths } from './api';

/** An API key as the Security screen shows it once: its public half and its secret. */
export interface TApiKeyCredentials {
  /** `tdk_…`, sent as `X-API-KEY`. */
  keyId: string;
  secret: string;
}

export interface TClientOptions {
  /** The server's origin, e.g. `https://trade.example.com` (the signed path is the URL's path). */
  baseUrl: string;
  /** Signs every request with this key (a program's way in). */
  apiKey?: TApiKeyCredentials;
  /** Or a session token (a person's way in): sent as `Authorization: Bearer …`. */
  token?: string;
  /** How long after its timestamp the server accepts a signed request, 1 to 60,000 ms (default 5,000). */
  recvWindowMs?: number;
  /** The fetch to use (the platform's by default). */
  fetch?: typeof globalThis.fetch;
}

const encoder = new TextEncoder();

/** Lower-case hex HMAC-SHA256 of `text` with `secret` (Web Crypto: Node 20+, browsers, Deno). */
async function hmacHex(secret: string, text: Uint8Array<ArrayBuffer>): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, text));
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The headers that sign `request` with `key`: the timestamp, the method, the path and the query as
 * they go on the wire, each followed by a line feed, then the body's bytes as sent.
 */
export async function signatureHeaders(
  request: Request,
  key: TApiKeyCredentials,
  options: { timestampMs?: number; recvWindowMs?: number } = {},
): Promise<Record<string, string>> {
  const url = new URL(request.url);
  const timestamp = String(options.timestampMs ?? Date.now());
  const prefix = apiSignaturePrefix({
    timestamp,
    method: request.method,
    path: url.pathname,
    query: url.search.replace(/^\?/, ''),
  });
  const body = new Uint8Array(await request.clone().arrayBuffer());
  const text = new Uint8Array([...encoder.encode(prefix), ...body]);
  return {
    'X-API-KEY': key.keyId,
    'X-API-TIMESTAMP': timestamp,
    'X-API-SIGNATURE': await hmacHex(key.secret, text),
    ...(options.recvWindowMs === undefined ? {} : { 'X-API-RECV-WINDOW': String(options.recvWindowMs) }),
  };
}

/**
 * A typed client of the API (openapi-fetch over the generated `paths`): every path, parameter,
 * body and answer checked by the compiler. Every answer is an envelope: `data` on success,
 * `error` (`{ code, message, details? }`) on a refusal.
 *
 * ```ts
 * const api = createTradingDeskClient({ baseUrl, apiKey: { keyId, secret } });
 * const { data, error } = await api.POST('/orders', { body: { account: 'demo', symbol: 'BTC_USDT', … } });
 * ```
 */
export function createTradingDeskClient(options: TClientOptions): Client<paths> {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const { apiKey, token, recvWindowMs } = options;
  const authorise: Middleware = {
    async onRequest({ request }) {
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      if (!apiKey) return request;
      const headers = await signatureHeaders(
        request,
        apiKey,
        recvWindowMs === undefined ? {} : { recvWindowMs },
      );
      for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
      return request;
    },
  };
  client.use(authorise);
  return client;
}
