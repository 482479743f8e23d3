import { describe, expect, it } from 'vitest';
import { readTokenClaims } from './session';

const base64Url = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: object) =>
  `${base64Url('{"alg":"HS256"}')}.${base64Url(JSON.stringify(claims))}.signature`;

describe('readTokenClaims', () => {
  it('reads the type, status and expiry of a session token', () => {
    expect(readTokenClaims(jwt({ sub: 'u1', type: 'normal', status: 'act', exp: 1_800_000_000 }))).toEqual({
      type: 'normal',
      status: 'act',
      expMs: 1_800_000_000_000,
    });
  });

  it('recognises e-mail and two-factor tokens', () => {
    expect(readTokenClaims(jwt({ type: 'email' }))?.type).toBe('email');
    expect(readTokenClaims(jwt({ type: 'tfa' }))?.type).toBe('tfa');
  });

  it('decodes base64url payloads that need padding and use - and _', () => {
    // '>>>?' encodes to 'Pj4-Pw' in base64url: a '-' and two missing '=' characters.
    const claims = readTokenClaims(jwt({ type: 'tfa', note: '>>>?' }));
    expect(claims?.type).toBe('tfa');
  });

  it('leaves unknown or missing claims undefined', () => {
    expect(readTokenClaims(jwt({ type: 'admin', status: 1, exp: 'soon' }))).toEqual({
      type: undefined,
      status: undefined,
      expMs: undefined,
    });
  });

  it('returns null for anything that is not a readable JWT', () => {
    expect(readTokenClaims('')).toBeNull();
    expect(readTokenClaims('opaque-token')).toBeNull();
    expect(readTokenClaims('a.%%%.c')).toBeNull();
    expect(readTokenClaims(`a.${base64Url('"just a string"')}.c`)).toBeNull();
    expect(readTokenClaims(`a.${base64Url('null')}.c`)).toBeNull();
  });
});
