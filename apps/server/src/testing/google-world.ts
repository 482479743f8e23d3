// Test setting for Google sign-in: a local OpenID Connect provider standing in for Google, a test
// mailbox and a test app configured with both, and the browser's steps of the sign-in journey.
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, randomIp } from './accounts';
import { requestsTo } from './auth-world';
import { buildTestApp, type TestApp } from './build-test-app';
import { startTestMailbox, type TestMailbox } from './test-mailbox';

export const GOOGLE_CLIENT_ID = 'trading-desk-web';
export const NONCE_COOKIE = 'td_google_nonce';
// The web app echoes the XSRF cookie in its header; a request with cookies must.
export const XSRF = 'test-xsrf-token';
export const GOOGLE_FAILED = { message: 'Google sign-in failed, please try again', code: 'UNAUTHENTICATED' };

/**
 * Google sign-in's test setting for one file: an OpenID Connect provider standing in for Google,
 * a mailbox and a test app configured with both (started before the file's tests, closed after),
 * and the ways a browser and the provider take part. Read `world.t`, `world.provider` and
 * `world.mailbox` inside tests.
 */
export function useGoogleWorld() {
  const world = {} as { provider: OAuth2Server; t: TestApp; mailbox: TestMailbox };

  beforeAll(async () => {
    world.provider = new OAuth2Server();
    await world.provider.issuer.keys.generate('RS256');
    await world.provider.start(0, '127.0.0.1');
    world.mailbox = await startTestMailbox();
    world.t = await buildTestApp({
      env: {
        SMTP_URL: world.mailbox.url,
        GOOGLE_CLIENT_ID,
        GOOGLE_CLIENT_SECRET: 'client-secret',
        GOOGLE_ISSUER: world.provider.issuer.url ?? '',
      },
    });
  });
  afterAll(async () => {
    await world.t?.close();
    await world.provider?.stop();
    await world.mailbox?.close();
  });

  /** What the provider says about the person in the tokens it signs for the code flow. */
  const nextPerson = (claims: Record<string, unknown>) => {
    world.provider.service.removeAllListeners('beforeTokenSigning');
    world.provider.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, claims);
    });
  };

  /** Google's claims about the person with this address: verified, named Grace Hopper. */
  const person = (email: string, extra: Record<string, unknown> = {}) => ({
    sub: `google-${email}`,
    email,
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
    ...extra,
  });

  /** A browser's nonce: the value for Google, and the cookie the server set with it. */
  const newNonce = async () => {
    const response = await world.t.app.inject({ method: 'GET', url: '/auth/google/nonce' });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === NONCE_COOKIE);
    return { nonce: response.json().data.nonce as string, cookie: cookie?.value ?? '' };
  };

  /** An ID token as Google Identity Services would hand the page: for our client, signed by the provider. */
  const idToken = (claims: Record<string, unknown>, from = world.provider) =>
    from.issuer.buildToken({
      scopesOrTransform: (_header, payload) => {
        Object.assign(payload, { aud: GOOGLE_CLIENT_ID }, claims);
      },
    });

  /** `POST /auth/google/callback` from an address of its own, with this browser's `cookieName` cookie when given. */
  const callbackWith = (cookieName: string, payload: object, cookie?: string) =>
    world.t.app.inject({
      method: 'POST',
      url: '/auth/google/callback',
      payload,
      remoteAddress: randomIp(),
      ...(cookie === undefined
        ? {}
        : { cookies: { [cookieName]: cookie, 'XSRF-TOKEN': XSRF }, headers: { 'x-xsrf-token': XSRF } }),
    });
  /** The ID-token callback, with the browser's nonce cookie when given. */
  const callback = (payload: object, cookie?: string) => callbackWith(NONCE_COOKIE, payload, cookie);

  const { post } = requestsTo(world);
  const profileOf = (token: string) =>
    world.t.app.inject({ method: 'GET', url: '/profile', headers: bearer(token) });

  /** The whole browser journey: a nonce, Google's ID token with it, the callback with the cookie. */
  const signInAs = async (claims: Record<string, unknown>) => {
    const { nonce, cookie } = await newNonce();
    return callback({ credential: await idToken({ ...claims, nonce }) }, cookie);
  };

  return { world, nextPerson, person, newNonce, idToken, callbackWith, callback, post, profileOf, signInAs };
}
