import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  endsSession,
  getToken,
  readTokenClaims,
  reportSessionEnded,
  setToken,
  subscribeToSessionEnd,
  wasSentWithEndedSession,
} from './session';

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

describe('endsSession', () => {
  it('is a 401 to a request sent with the stored session token', () => {
    expect(endsSession(401, 'Bearer t1', 't1')).toBe(true);
  });

  it('is not another refusal of that request', () => {
    expect(endsSession(403, 'Bearer t1', 't1')).toBe(false);
    expect(endsSession(404, 'Bearer t1', 't1')).toBe(false);
    expect(endsSession(undefined, 'Bearer t1', 't1')).toBe(false);
  });

  it('is not a 401 to a sign-in step: no session token, or a pending one sent by hand', () => {
    // A wrong password while signed out.
    expect(endsSession(401, undefined, null)).toBe(false);
    // The two-factor step of another sign-in while this tab holds a session.
    expect(endsSession(401, 'Bearer tfa-token', 't1')).toBe(false);
    expect(endsSession(401, undefined, 't1')).toBe(false);
  });

  it('is not a 401 to a request of a session this tab no longer holds', () => {
    expect(endsSession(401, 'Bearer old', 'new')).toBe(false);
    expect(endsSession(401, 'Bearer old', null)).toBe(false);
  });
});

describe('reportSessionEnded', () => {
  const storage = new Map<string, string>();
  beforeAll(() =>
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    }),
  );
  afterEach(() => storage.clear());
  afterAll(() => vi.unstubAllGlobals());

  it('tells the listeners once, and the token is gone after', () => {
    setToken('t1');
    const heard = vi.fn();
    const unsubscribe = subscribeToSessionEnd(heard);
    reportSessionEnded();
    reportSessionEnded();
    unsubscribe();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
  });

  it('remembers the ended session: the answers still coming for it are no news', () => {
    setToken('t2');
    expect(wasSentWithEndedSession('Bearer t2')).toBe(false);
    reportSessionEnded();
    expect(wasSentWithEndedSession('Bearer t2')).toBe(true);
    // The next sign-in's requests, and the sign-in steps' own tokens, are news again.
    expect(wasSentWithEndedSession('Bearer t3')).toBe(false);
    expect(wasSentWithEndedSession(undefined)).toBe(false);
  });

  it('tells nobody when no session is stored', () => {
    const heard = vi.fn();
    const unsubscribe = subscribeToSessionEnd(heard);
    reportSessionEnded();
    unsubscribe();
    expect(heard).not.toHaveBeenCalled();
  });
});
