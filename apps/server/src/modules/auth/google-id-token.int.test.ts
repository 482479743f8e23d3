import { OAuth2Server } from 'oauth2-mock-server';
import { describe, expect, it } from 'vitest';
import { tokenType, uniqueEmail } from '../../testing/accounts';
import { GOOGLE_CLIENT_ID, GOOGLE_FAILED, NONCE_COOKIE, useGoogleWorld } from '../../testing/google-world';

describe('Google sign-in with an ID token from an OpenID Connect provider', () => {
  const { world, person, newNonce, idToken, callback, profileOf, signInAs } = useGoogleWorld();

  it('publishes the client id in the general settings, so the web app shows the button', async () => {
    const response = await world.t.app.inject({ method: 'GET', url: '/settings/general' });
    expect(response.json().data.googleClientId).toBe(GOOGLE_CLIENT_ID);
  });

  it('issues a nonce with its proof in an HttpOnly, same-site cookie for the Google routes only', async () => {
    const response = await world.t.app.inject({ method: 'GET', url: '/auth/google/nonce' });
    expect(response.headers['cache-control']).toBe('no-store');
    const { nonce } = response.json().data;
    expect(nonce).toMatch(/^[\w-]{43}$/);
    const cookie = response.cookies.find((c) => c.name === NONCE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth/google' });
    // The cookie holds a keyed hash of the nonce, never the nonce itself.
    expect(cookie?.value).not.toContain(nonce);
  });

  it('ID token: creates a verified user on first sign-in and finds it again after', async () => {
    const email = uniqueEmail('google');
    const first = await signInAs(person(email));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Login successful');
    const token = first.json().data.token;
    expect(tokenType(token)).toBe('normal');
    const profile = (await profileOf(token)).json().data;
    expect(profile).toMatchObject({
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      emailVerified: true,
      hasPassword: false,
    });

    const again = await signInAs(person(email));
    const profileAgain = (await profileOf(again.json().data.token)).json();
    expect(profileAgain.data.id).toBe(profile.id);
  });

  it('never accepts a bare access token: it proves nothing about which application it was made for', async () => {
    // Whatever Google's userinfo says of it, an access token issued to another site is not ours.
    const response = await callback({ accessToken: 'access-token-issued-to-another-app' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION');
  });

  it('refuses with 401 an ID token made for another client id', async () => {
    const { nonce, cookie } = await newNonce();
    const credential = await idToken({ ...person(uniqueEmail('otherapp')), nonce, aud: 'another-app' });
    const response = await callback({ credential }, cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(GOOGLE_FAILED);
  });

  it('refuses with 401 an expired ID token, one from another issuer, and one signed by another key', async () => {
    const stranger = new OAuth2Server();
    await stranger.issuer.keys.generate('RS256');
    await stranger.start(0, '127.0.0.1');
    try {
      const email = uniqueEmail('bad');
      const now = Math.floor(Date.now() / 1000);
      const cases = [
        { ...person(email), exp: now - 120, iat: now - 3720 },
        { ...person(email), iss: 'https://evil.example.com' },
      ];
      for (const claims of cases) {
        const { nonce, cookie } = await newNonce();
        const response = await callback({ credential: await idToken({ ...claims, nonce }) }, cookie);
        expect(response.statusCode, JSON.stringify(claims)).toBe(401);
      }
      const { nonce, cookie } = await newNonce();
      // Same issuer name and audience, but not signed by the issuer's keys.
      const forged = await idToken({ ...person(email), nonce, iss: world.provider.issuer.url }, stranger);
      expect((await callback({ credential: forged }, cookie)).statusCode).toBe(401);
    } finally {
      await stranger.stop();
    }
  });

  it('binds the ID token to the browser that asked for its nonce, and accepts it once', async () => {
    const email = uniqueEmail('nonce');
    const { nonce, cookie } = await newNonce();
    const credential = await idToken({ ...person(email), nonce });
    // Without the browser's cookie (a token replayed from elsewhere), or with another nonce's.
    expect((await callback({ credential })).json()).toEqual(GOOGLE_FAILED);
    const other = await newNonce();
    expect((await callback({ credential }, other.cookie)).statusCode).toBe(401);
    // A token without a nonce, even with a cookie.
    const bare = await idToken(person(email));
    expect((await callback({ credential: bare }, cookie)).statusCode).toBe(401);
    // The right pair works once.
    expect((await callback({ credential }, cookie)).statusCode).toBe(200);
    expect((await callback({ credential }, cookie)).statusCode).toBe(401);
  });

  it('refuses a Google account whose e-mail is not verified', async () => {
    const response = await signInAs(person(uniqueEmail('unverified'), { email_verified: false }));
    expect(response.statusCode).toBe(403);
  });

  it('refuses an address already linked to another Google account', async () => {
    const email = uniqueEmail('linked');
    expect((await signInAs(person(email, { sub: 'google-subject-one' }))).statusCode).toBe(200);
    const other = await signInAs(person(email, { sub: 'google-subject-two' }));
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('This email address is linked to another Google account');
    expect((await signInAs(person(email, { sub: 'google-subject-one' }))).statusCode).toBe(200);
  });

  it('validates the body: one of the two flows, each bounded', async () => {
    expect((await callback({})).statusCode).toBe(400);
    expect((await callback({ code: 'x', redirectUri: 'not a url' })).statusCode).toBe(400);
    expect((await callback({ code: 'x', state: 'y', redirectUri: 'not a url' })).statusCode).toBe(400);
    expect((await callback({ code: 'x', state: 's'.repeat(201) })).statusCode).toBe(400);
    expect((await callback({ credential: 'not a jwt' })).statusCode).toBe(400);
    expect((await callback({ credential: `a.b.${'c'.repeat(5000)}` })).statusCode).toBe(400);
  });
});
