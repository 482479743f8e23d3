import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, GOOD_PASSWORD, randomIp, tokenType, totpNow, uniqueEmail } from '../../testing/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { codeIn, startTestMailbox, type TestMailbox } from '../../testing/test-mailbox';
import { sessions, users } from './auth.schema';

const CLIENT_ID = 'trading-desk-web';
const NONCE_COOKIE = 'td_google_nonce';
// The web app echoes the XSRF cookie in its header; a request with cookies must.
const XSRF = 'test-xsrf-token';
const FAILED = { message: 'Google sign-in failed, please try again', code: 'UNAUTHENTICATED' };
/** Someone who registers another person's address with a password of their own. */
const MALLORY = { password: 'Attacker#Pass9', firstName: 'Mallory', lastName: 'M' };
const ADA = { password: GOOD_PASSWORD, firstName: 'Ada', lastName: 'L' };

describe('Google sign-in against an OpenID Connect provider', () => {
  let provider: OAuth2Server;
  let t: TestApp;
  let mailbox: TestMailbox;

  /** What the provider says about the person in the tokens it signs for the code flow. */
  const nextPerson = (claims: Record<string, unknown>) => {
    provider.service.removeAllListeners('beforeTokenSigning');
    provider.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, claims);
    });
  };

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
    const response = await t.app.inject({ method: 'GET', url: '/auth/google/nonce' });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === NONCE_COOKIE);
    return { nonce: response.json().data.nonce as string, cookie: cookie?.value ?? '' };
  };

  /** An ID token as Google Identity Services would hand the page: for our client, signed by the provider. */
  const idToken = (claims: Record<string, unknown>, from = provider) =>
    from.issuer.buildToken({
      scopesOrTransform: (_header, payload) => {
        Object.assign(payload, { aud: CLIENT_ID }, claims);
      },
    });

  const callback = (payload: object, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/google/callback',
      payload,
      remoteAddress: randomIp(),
      ...(cookie === undefined
        ? {}
        : { cookies: { [NONCE_COOKIE]: cookie, 'XSRF-TOKEN': XSRF }, headers: { 'x-xsrf-token': XSRF } }),
    });

  /** A POST from an address of its own, with a session's token when given. */
  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: randomIp(),
      ...(token === undefined ? {} : { headers: bearer(token) }),
    });
  const profileOf = (token: string) =>
    t.app.inject({ method: 'GET', url: '/profile', headers: bearer(token) });

  /** The whole browser journey: a nonce, Google's ID token with it, the callback with the cookie. */
  const signInAs = async (claims: Record<string, unknown>) => {
    const { nonce, cookie } = await newNonce();
    return callback({ credential: await idToken({ ...claims, nonce }) }, cookie);
  };

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

  it('issues a nonce with its proof in an HttpOnly, same-site cookie for the Google routes only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/google/nonce' });
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
    expect(response.json()).toEqual(FAILED);
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
      const forged = await idToken({ ...person(email), nonce, iss: provider.issuer.url }, stranger);
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
    expect((await callback({ credential })).json()).toEqual(FAILED);
    const other = await newNonce();
    expect((await callback({ credential }, other.cookie)).statusCode).toBe(401);
    // A token without a nonce, even with a cookie.
    const bare = await idToken(person(email));
    expect((await callback({ credential: bare }, cookie)).statusCode).toBe(401);
    // The right pair works once.
    expect((await callback({ credential }, cookie)).statusCode).toBe(200);
    expect((await callback({ credential }, cookie)).statusCode).toBe(401);
  });

  describe('code flow', () => {
    const FLOW_COOKIE = 'td_google_flow';
    const REDIRECT_URI = 'http://localhost:3000/authentication/googleCallback';

    /** A browser starts the flow: Google's address to go to, and the cookie the server set. */
    const startFlow = async (query = '') => {
      const response = await t.app.inject({ method: 'GET', url: `/auth/google/start${query}` });
      expect(response.statusCode, response.body).toBe(303);
      const cookie = response.cookies.find((c) => c.name === FLOW_COOKIE);
      return {
        authorizeUrl: new URL(response.headers.location ?? ''),
        cookie: cookie?.value ?? '',
        response,
      };
    };

    /** The person signs in at the provider, which sends the browser back with a code and the state. */
    const authorize = async (authorizeUrl: URL) => {
      const response = await fetch(authorizeUrl, { redirect: 'manual' });
      const back = new URL(response.headers.get('location') ?? '');
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
      return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
    };

    /** The web app's callback screen posts what came back, with this browser's cookie. */
    const finish = (body: object, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/google/callback',
        payload: body,
        remoteAddress: randomIp(),
        ...(cookie === undefined
          ? {}
          : { cookies: { [FLOW_COOKIE]: cookie, 'XSRF-TOKEN': XSRF }, headers: { 'x-xsrf-token': XSRF } }),
      });

    it('starts at Google with our fixed redirect URI, S256 PKCE, state and nonce, bound to an HttpOnly cookie', async () => {
      // A redirect URI offered by the caller is not even read.
      const { authorizeUrl, cookie, response } = await startFlow(
        `?redirectUri=${encodeURIComponent('https://evil.example.com/cb')}`,
      );
      expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${provider.issuer.url}/authorize`);
      const params = Object.fromEntries(authorizeUrl.searchParams);
      expect(params).toMatchObject({
        response_type: 'code',
        client_id: CLIENT_ID,
        redirect_uri: REDIRECT_URI,
        code_challenge_method: 'S256',
      });
      expect(params.scope?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
      for (const name of ['state', 'nonce', 'code_challenge']) expect(params[name]).toMatch(/^[\w-]{43}$/);
      expect(response.headers['cache-control']).toBe('no-store');
      const set = response.cookies.find((c) => c.name === FLOW_COOKIE);
      expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/auth/google', maxAge: 600 });
      expect(cookie.length).toBeGreaterThan(0);
    });

    it('signs in: state matches the cookie, the code is redeemed with its verifier, the nonce matches', async () => {
      const email = uniqueEmail('googlecode');
      nextPerson(person(email));
      const { authorizeUrl, cookie } = await startFlow();
      const back = await authorize(authorizeUrl);
      const response = await finish(back, cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().message).toBe('Login successful');
      const token = response.json().data.token;
      expect(tokenType(token)).toBe('normal');
      const profile = await profileOf(token);
      expect(profile.json().data).toMatchObject({ email, emailVerified: true });
      // The cookie serves one attempt.
      expect(response.cookies.find((c) => c.name === FLOW_COOKIE)?.value).toBe('');
    });

    it('refuses a missing or wrong state, a missing cookie and a tampered one', async () => {
      nextPerson(person(uniqueEmail('state')));
      const { authorizeUrl, cookie } = await startFlow();
      const back = await authorize(authorizeUrl);
      const missing = await finish({ code: back.code }, cookie);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().code).toBe('VALIDATION');
      expect((await finish({ ...back, state: `${back.state.slice(1)}x` }, cookie)).json()).toEqual(FAILED);
      // Without this browser's cookie there is no verifier to redeem the code with.
      expect((await finish(back)).json()).toEqual(FAILED);
      const [payload = '', signature = ''] = cookie.split('.');
      const forged = `${payload.slice(0, -2)}AA.${signature}`;
      expect((await finish(back, forged)).json()).toEqual(FAILED);
    });

    it('refuses a code used twice', async () => {
      nextPerson(person(uniqueEmail('replay')));
      const { authorizeUrl, cookie } = await startFlow();
      const back = await authorize(authorizeUrl);
      expect((await finish(back, cookie)).statusCode).toBe(200);
      expect((await finish(back, cookie)).json()).toEqual(FAILED);
    });

    it("refuses a leaked code used from another browser, with that browser's own flow", async () => {
      nextPerson(person(uniqueEmail('leaked')));
      const victim = await startFlow();
      const leaked = await authorize(victim.authorizeUrl);
      const attacker = await startFlow();
      const own = await authorize(attacker.authorizeUrl);
      // The attacker's state and cookie are right, but the code was made for the victim's PKCE
      // challenge and nonce.
      const response = await finish({ code: leaked.code, state: own.state }, attacker.cookie);
      expect(response.json()).toEqual(FAILED);
    });

    /** A new flow whose address at Google `alter` changes (the provider signs what it is asked): the answer. */
    const finishAltered = async (alter: (params: URLSearchParams) => void) => {
      const { authorizeUrl, cookie } = await startFlow();
      alter(authorizeUrl.searchParams);
      return (await finish(await authorize(authorizeUrl), cookie)).json();
    };

    it('refuses a code redeemed without its PKCE verifier matching (or issued without PKCE)', async () => {
      nextPerson(person(uniqueEmail('pkce')));
      // Issued for another challenge: our verifier does not match it.
      const otherChallenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
      expect(await finishAltered((params) => params.set('code_challenge', otherChallenge))).toEqual(FAILED);
      // Issued with no challenge at all.
      const bare = await finishAltered((params) => {
        params.delete('code_challenge');
        params.delete('code_challenge_method');
      });
      expect(bare).toEqual(FAILED);
    });

    it("refuses an ID token whose nonce is not the flow's", async () => {
      nextPerson(person(uniqueEmail('nonce')));
      const wrongNonce = await finishAltered((params) => params.set('nonce', 'a-nonce-of-another-flow'));
      expect(wrongNonce).toEqual(FAILED);
      expect(await finishAltered((params) => params.delete('nonce'))).toEqual(FAILED);
    });

    it('refuses a redirect URI other than its own, and an ID token meant for another client', async () => {
      nextPerson(person(uniqueEmail('redirect')));
      const first = await startFlow();
      const back = await authorize(first.authorizeUrl);
      const elsewhere = await finish({ ...back, redirectUri: 'https://evil.example.com/cb' }, first.cookie);
      expect(elsewhere.json()).toEqual(FAILED);

      nextPerson({ ...person(uniqueEmail('other')), aud: 'someone-else' });
      const second = await startFlow();
      expect((await finish(await authorize(second.authorizeUrl), second.cookie)).json()).toEqual(FAILED);

      nextPerson(person(uniqueEmail('same')));
      const third = await startFlow();
      const ok = await finish(
        { ...(await authorize(third.authorizeUrl)), redirectUri: REDIRECT_URI },
        third.cookie,
      );
      expect(ok.statusCode).toBe(200);
    });
  });

  it('refuses a Google account whose e-mail is not verified', async () => {
    const response = await signInAs(person(uniqueEmail('unverified'), { email_verified: false }));
    expect(response.statusCode).toBe(403);
  });

  it('joins the existing verified account of the same address, and asks for two-factor when it is on', async () => {
    const email = uniqueEmail('both');
    const signup = await post('/auth/signup', { email, ...ADA });
    expect(signup.statusCode).toBe(201);
    const token = (await signInAs(person(email))).json().data.token;
    expect(tokenType(token)).toBe('normal');
    const generated = await t.app.inject({
      method: 'GET',
      url: '/auth/2fa/generate',
      headers: bearer(token),
    });
    // The password chosen before the address was proven is gone: an e-mailed code is the proof.
    await t.app.inject({ method: 'POST', url: '/profile/security-code', headers: bearer(token) });
    const activated = await t.app.inject({
      method: 'POST',
      url: '/auth/2fa/activate',
      headers: bearer(token),
      payload: {
        code: totpNow(generated.json().data.secret),
        emailCode: codeIn(await mailbox.waitFor(email, /security code/i)),
      },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(tokenType((await signInAs(person(email))).json().data.token)).toBe('tfa');
  });

  it('takes an unverified account from whoever registered the address: their password and sessions end', async () => {
    const email = uniqueEmail('prehijack');
    // Someone signs up with the victim's address and a password of their own, and never verifies.
    const attacker = await post('/auth/signup', { email, ...MALLORY });
    expect(attacker.statusCode).toBe(201);
    const attackerToken = attacker.json().data.token;

    // The victim signs in with Google later: the account is theirs, verified by Google.
    const victim = await signInAs(person(email));
    expect(victim.statusCode).toBe(200);
    const victimToken = victim.json().data.token;
    const profile = await profileOf(victimToken);
    expect(profile.json().data).toMatchObject({ email, emailVerified: true, hasPassword: false });

    // The attacker's password no longer opens it, and their pending sign-in is over.
    const signin = await post('/auth/signin', { email, password: MALLORY.password });
    expect(signin.statusCode).toBe(401);
    const [user] = await t.deps.db.db.select().from(users).where(eq(users.email, email));
    expect(user?.passwordHash).toBeNull();
    const live = await t.deps.db.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user?.id ?? ''));
    const attackerSession = live.find((row) => row.stage === 'email');
    expect(attackerSession?.revokedAt).toBeInstanceOf(Date);
    const attempt = await post('/auth/verify-email', { code: '123456' }, attackerToken);
    expect(attempt.statusCode).toBe(400);
  });

  it('keeps the password of a verified account that links Google', async () => {
    const email = uniqueEmail('keeps');
    const signup = await post('/auth/signup', { email, ...ADA });
    const code = /\b(\d{6})\b/.exec((await mailbox.waitFor(email, /Verify/)).text)?.[1] ?? '';
    const verified = await post('/auth/verify-email', { code }, signup.json().data.token);
    const ownSession = verified.json().data.token;
    const google = await signInAs(person(email));
    expect(google.statusCode).toBe(200);
    // Linking ends every other session; the password, proven by its holder's code, stays.
    expect((await profileOf(ownSession)).statusCode).toBe(401);
    expect((await profileOf(google.json().data.token)).json().data).toMatchObject({ hasPassword: true });
  });

  it('clears a password the e-mailed link alone verified when the owner links Google', async () => {
    const email = uniqueEmail('linkonly');
    // Someone registers the victim's address with their own password; the victim clicks the link.
    const attacker = await post('/auth/signup', { email, ...MALLORY });
    expect(attacker.statusCode).toBe(201);
    const link = /token=([\w%-]+)/.exec((await mailbox.waitFor(email, /Verify/)).text)?.[1] ?? '';
    const clicked = await t.app.inject({
      method: 'GET',
      url: `/auth/verify-email?token=${link}`,
      remoteAddress: randomIp(),
    });
    expect(clicked.json()).toEqual({ message: 'Email verified', data: { token: null } });
    const signinWith = () => post('/auth/signin', { email, password: MALLORY.password });
    // The password alone opens nothing: it asks for the code mailed to the victim.
    const pending = await signinWith();
    expect(tokenType(pending.json().data.token)).toBe('email');

    const victim = await signInAs(person(email));
    expect(tokenType(victim.json().data.token)).toBe('normal');
    expect((await signinWith()).statusCode).toBe(401);
    const [user] = await t.deps.db.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ passwordHash: null, passwordUnproven: false });
    const rows = await t.deps.db.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user?.id ?? ''));
    expect(rows.filter((row) => row.stage === 'email').every((row) => row.revokedAt)).toBe(true);
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
