import { describe, expect, it } from 'vitest';
import { createUrlSigner, signedLinkCacheControl } from './signed-url';

const HOUR = 3_600_000;
const secret = new TextEncoder().encode('a test secret of some length');
const at = (ms: number) => createUrlSigner(secret, { windowMs: HOUR, nowMs: () => ms });
const parts = (url: string) => {
  const parsed = new URL(url, 'http://x');
  return [
    parsed.pathname,
    parsed.searchParams.get('exp') ?? undefined,
    parsed.searchParams.get('sig') ?? undefined,
  ] as const;
};

describe('signed links', () => {
  it('opens until its expiry, one to two windows after signing', () => {
    const url = at(10 * HOUR + 1).sign('/files/a.webp');
    expect(at(10 * HOUR + 1).isValid(...parts(url))).toBe(true);
    expect(at(12 * HOUR - 1).isValid(...parts(url))).toBe(true);
    expect(at(12 * HOUR).isValid(...parts(url))).toBe(false);
  });

  it('is the same link within a window, so caches hold', () => {
    expect(at(10 * HOUR + 1).sign('/f')).toBe(at(11 * HOUR).sign('/f'));
    expect(at(11 * HOUR + 1).sign('/f')).not.toBe(at(11 * HOUR).sign('/f'));
  });

  it('refuses another path, a changed expiry, a bad signature, another key, or none', () => {
    const signer = at(HOUR);
    const [path, exp, sig] = parts(signer.sign('/files/a.webp'));
    expect(signer.isValid('/files/b.webp', exp, sig)).toBe(false);
    expect(signer.isValid(path, String(Number(exp) + 3600), sig)).toBe(false);
    expect(signer.isValid(path, exp, `${sig?.slice(0, -2)}AA`)).toBe(false);
    expect(signer.isValid(path, exp, 'short')).toBe(false);
    expect(signer.isValid(path, 'soon', sig)).toBe(false);
    expect(signer.isValid(path, undefined, undefined)).toBe(false);
    const other = createUrlSigner(new TextEncoder().encode('another secret'), {
      windowMs: HOUR,
      nowMs: () => HOUR,
    });
    expect(other.isValid(path, exp, sig)).toBe(false);
  });

  it('lets a browser keep what a link serves only for the time the link has left', () => {
    const [, exp] = parts(at(10 * HOUR).sign('/tickets/attachments/x'));
    const expS = Number(exp);
    expect(signedLinkCacheControl(String(expS), (expS - 90) * 1000)).toBe('private, max-age=90');
    expect(signedLinkCacheControl(String(expS), expS * 1000 + 5_000)).toBe('private, max-age=0');
  });
});
