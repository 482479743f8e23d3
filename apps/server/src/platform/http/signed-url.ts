import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../errors';
import type { AccessGuard } from './access';

/**
 * Links that open without a login, for a while: an `<img>` cannot send the bearer token. A link
 * carries its expiry and an HMAC of its path and expiry (`?exp=…&sig=…`). Expiries are rounded up
 * to the end of the next window, so a page asked for twice within a window gets the same link and
 * the browser's cache holds; a link lives between one and two windows.
 */
export function createUrlSigner(secret: Uint8Array, options: { windowMs: number; nowMs?: () => number }) {
  const { windowMs } = options;
  const nowMs = options.nowMs ?? (() => Date.now());
  const mac = (path: string, expS: number) =>
    createHmac('sha256', secret).update(`signed-url|${path}|${expS}`).digest();
  return {
    sign(path: string): string {
      const expS = (Math.ceil(nowMs() / windowMs) * windowMs + windowMs) / 1000;
      return `${path}?exp=${expS}&sig=${mac(path, expS).toString('base64url')}`;
    },
    /** Whether `path` was signed by this server with this expiry, and the expiry has not passed. */
    isValid(path: string, exp: string | undefined, sig: string | undefined): boolean {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
      const expS = Number(exp);
      if (expS * 1000 <= nowMs()) return false;
      const expected = mac(path, expS);
      const given = Buffer.from(sig, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type UrlSigner = ReturnType<typeof createUrlSigner>;

/**
 * The Cache-Control of what a signed link serves: private, and kept no longer than the link lives
 * (`exp`, in seconds), so a browser never shows it from its cache after the link has expired.
 */
export function signedLinkCacheControl(exp: string, nowMs = Date.now()): string {
  const remainingS = Math.max(0, Math.floor(Number(exp) - nowMs / 1000));
  return `private, max-age=${remainingS}`;
}

/** The query of a signed link, `?exp=…&sig=…` (checked by the guard, bounded here). */
export const ZSignedLinkQuery = z.object({
  exp: z.string().regex(/^\d{1,12}$/, 'Not a valid link'),
  sig: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid link'),
});

/**
 * The guard of `signed` routes: the request's own path must carry this server's signature and an
 * expiry still ahead. A link not signed here, altered or expired is as good as a file that does not
 * exist: a 404, whoever asks.
 */
export function signedLinkGuard(signer: UrlSigner): AccessGuard {
  return async (request: FastifyRequest) => {
    const path = request.url.split('?')[0] ?? '';
    const { exp, sig } = request.query as { exp?: unknown; sig?: unknown };
    if (typeof exp !== 'string' || typeof sig !== 'string' || !signer.isValid(path, exp, sig)) {
      throw notFound('Not found');
    }
  };
}
