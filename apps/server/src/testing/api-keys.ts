// Signs test requests as an API-key client program would: the `X-API-*` headers with an HMAC of
// method, path, query and body, for the tests of access by API key.
import { createHmac } from 'node:crypto';
import { apiSignaturePrefix } from '@td/contracts/api-keys';
import type { InjectOptions } from 'fastify';

export interface SigningKey {
  keyId: string;
  secret: string;
}

/** The `X-API-*` headers of a request: the key, the timestamp and the signature of method, path, query and body. */
export function signatureHeaders(
  key: SigningKey,
  request: { method: string; url: string; body: string; timestamp: string },
): Record<string, string> {
  const at = request.url.indexOf('?');
  const path = at === -1 ? request.url : request.url.slice(0, at);
  const query = at === -1 ? '' : request.url.slice(at + 1);
  const signature = createHmac('sha256', key.secret)
    .update(apiSignaturePrefix({ timestamp: request.timestamp, method: request.method, path, query }))
    .update(request.body)
    .digest('hex');
  return { 'x-api-key': key.keyId, 'x-api-timestamp': request.timestamp, 'x-api-signature': signature };
}

/**
 * A request signed as a program signs it: the headers of `X-API-KEY`, the timestamp (now unless
 * given) and the signature of method, path, query and body with the key's secret.
 */
export function signedRequest(
  key: SigningKey,
  request: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    body?: unknown;
    timestampMs?: number;
    recvWindowMs?: number;
    remoteAddress?: string;
  },
): InjectOptions {
  const timestamp = String(request.timestampMs ?? Date.now());
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  return {
    method: request.method,
    url: request.url,
    ...(body ? { payload: body } : {}),
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...signatureHeaders(key, { method: request.method, url: request.url, body, timestamp }),
      ...(request.recvWindowMs === undefined ? {} : { 'x-api-recv-window': String(request.recvWindowMs) }),
    },
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  };
}

/**
 * The same request (as `injectOf` makes it, without a token) signed with `key`: the body signed
 * as it is sent (an object as its JSON). `timestampMs` must differ between requests that are
 * otherwise the same, or the second is a replay.
 */
export function signedInject(key: SigningKey, options: InjectOptions, timestampMs: number): InjectOptions {
  const { payload } = options;
  const body =
    payload === undefined ? '' : typeof payload === 'string' ? payload : JSON.stringify(payload as object);
  const headers = { ...(options.headers as Record<string, string> | undefined) };
  if (body && !headers['content-type']) headers['content-type'] = 'application/json';
  return {
    ...options,
    ...(body ? { payload: body } : {}),
    headers: {
      ...headers,
      ...signatureHeaders(key, {
        method: String(options.method ?? 'GET'),
        url: String(options.url),
        body,
        timestamp: String(timestampMs),
      }),
    },
  };
}
