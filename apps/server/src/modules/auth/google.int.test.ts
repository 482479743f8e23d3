import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, randomIp, tokenType, totpNow, uniqueEmail } from '../../testing/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { startTestMailbox, type TestMailbox } from '../../testing/test-mailbox';

const CLIENT_ID = 'trading-desk-web';

describe('Google sign-in against an OpenID Connect provider', () => {
  let provider: OAuth2Server;
  let t: TestApp;
  let mailbox: TestMailbox;

  /** What the provider says about the person from now on (userinfo, and every token it signs). */
  const nextPerson = (claims: Record<string, unknown>) => {
    provider.service.removeAllListeners('beforeUserinfo');
    provider.service.removeAllListeners('beforeTokenSigning');
    provider.service.on('beforeUserinfo', (response) => {
      response.body = claims;
    });
    provider.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, claims);
    });
  };

  const callback = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/auth/google/callback', payload, remoteAddress: randomIp() });
  const person = (email: string, extra: Record<string, unknown> = {}) => ({
    sub: `google-${email}`,
    email,
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
    ...extra,
  });

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    mailbox = await startTestMailbox();
    t = await buildTestApp({
      env: {
        SMTP_URL: mailbox.url,
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: 'client-secret',
        GOOGLE_ISSUER: provider.issuer.url ?? '',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
    await mailbox?.close();
  });

  it('publishes the client id in the general settings, so the web app shows the button', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/settings/general' });
    expect(response.json().data.googleClientId).toBe(CLIENT_ID);
  });

  it('token flow: creates a verified user on first sign-in and finds it again after', async () => {
    const email = uniqueEmail('google');
    nextPerson(person(email));
    const first = await callback({ accessToken: 'access-token-from-google' });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Login successful');
    const token = first.json().data.token;
    expect(tokenType(token)).toBe('normal');
    const profile = (await t.app.inject({ method: 'GET', url: '/profile', headers: bearer(token) })).json()
      .data;
    expect(profile).toMatchObject({
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      emailVerified: true,
      hasPassword: false,
    });

    nextPerson(person(email));
    const again = await callback({ accessToken: 'another-access-token' });
    const profileAgain = (
      await t.app.inject({ method: 'GET', url: '/profile', headers: bearer(again.json().data.token) })
    ).json();
    expect(profileAgain.data.id).toBe(profile.id);
  });

  it('code flow: exchanges the code and verifies the ID token against the provider keys', async () => {
    const email = uniqueEmail('googlecode');
    nextPerson(person(email));
    const response = await callback({
      code: 'authorization-code',
      redirectUri: 'http://localhost:3000/authentication/login',
    });
    expect(response.statusCode).toBe(200);
    expect(tokenType(response.json().data.token)).toBe('normal');
  });

  it('code flow: refuses an ID token meant for another client', async () => {
    nextPerson({ ...person(uniqueEmail('other')), aud: 'someone-else' });
    const response = await callback({ code: 'authorization-code', redirectUri: 'http://localhost:3000/cb' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      message: 'Google sign-in failed, please try again',
      code: 'UNAUTHENTICATED',
    });
  });

  it('refuses a Google account whose e-mail is not verified', async () => {
    nextPerson(person(uniqueEmail('unverified'), { email_verified: false }));
    const response = await callback({ accessToken: 'token' });
    expect(response.statusCode).toBe(403);
  });

  it('answers a token the provider rejects with a 401, never a 500', async () => {
    provider.service.removeAllListeners('beforeUserinfo');
    provider.service.once('beforeUserinfo', (response) => {
      response.statusCode = 401;
      response.body = { error: 'invalid_token' };
    });
    const response = await callback({ accessToken: 'revoked' });
    expect(response.statusCode).toBe(401);
  });

  it('joins the existing account of the same address, and asks for two-factor when it is on', async () => {
    const email = uniqueEmail('both');
    const signup = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { email, password: 'Vq7#mLp2!xRw', firstName: 'Ada', lastName: 'L' },
      remoteAddress: randomIp(),
    });
    expect(signup.statusCode).toBe(201);
    nextPerson(person(email));
    const token = (await callback({ accessToken: 'x' })).json().data.token;
    expect(tokenType(token)).toBe('normal');
    const generated = await t.app.inject({
      method: 'GET',
      url: '/auth/2fa/generate',
      headers: bearer(token),
    });
    await t.app.inject({
      method: 'POST',
      url: '/auth/2fa/activate',
      headers: bearer(token),
      payload: { code: totpNow(generated.json().data.secret) },
    });
    nextPerson(person(email));
    expect(tokenType((await callback({ accessToken: 'y' })).json().data.token)).toBe('tfa');
  });

  it('validates the body: one of the two flows', async () => {
    expect((await callback({})).statusCode).toBe(400);
    expect((await callback({ code: 'x', redirectUri: 'not a url' })).statusCode).toBe(400);
  });
});
