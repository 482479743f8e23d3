import { createHmac } from 'node:crypto';
import { apiSignaturePrefix } from '@td/contracts/api-keys';
import type { InjectOptions } from 'fastify';

export interface SigningKey {
  keyId: string;
  secret: string;
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
  const at = request.url.indexOf('?');
  const path = at === -1 ? request.url : request.url.slice(0, at);
  const query = at === -1 ? '' : request.url.slice(at + 1);
  const signature = createHmac('sha256', key.secret)
    .update(apiSignaturePrefix({ timestamp, method: request.method, path, query }))
    .update(body)
    .digest('hex');
  return {
    method: request.method,
    url: request.url,
    ...(body ? { payload: body } : {}),
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      'x-api-key': key.keyId,
      'x-api-timestamp': timestamp,
      'x-api-signature': signature,
      ...(request.recvWindowMs === undefined ? {} : { 'x-api-recv-window': String(request.recvWindowMs) }),
    },
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  };
}
