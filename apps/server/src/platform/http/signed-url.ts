import { createHmac, timingSafeEqual } from 'node:crypto';

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
