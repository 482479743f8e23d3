import { describe, expect, it } from 'vitest';
import { tokenType, uniqueEmail } from '../../testing/accounts';
import { GOOGLE_CLIENT_ID, GOOGLE_FAILED, useGoogleWorld } from '../../testing/google-world';

const FLOW_COOKIE = 'td_google_flow';
const REDIRECT_URI = 'http://localhost:3000/authentication/googleCallback';

describe('Google sign-in through the code flow against an OpenID Connect provider', () => {
  const { world, nextPerson, person, callbackWith, profileOf } = useGoogleWorld();

  /** A browser starts the flow: Google's address to go to, and the cookie the server set. */
  const startFlow = async (query = '') => {
    const response = await world.t.app.inject({ method: 'GET', url: `/auth/google/start${query}` });
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
  const finish = (body: object, cookie?: string) => callbackWith(FLOW_COOKIE, body, cookie);

  it('starts at Google with our fixed redirect URI, S256 PKCE, state and nonce, bound to an HttpOnly cookie', async () => {
    // A redirect URI offered by the caller is not even read.
    const { authorizeUrl, cookie, response } = await startFlow(
      `?redirectUri=${encodeURIComponent('https://evil.example.com/cb')}`,
    );
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${world.provider.issuer.url}/authorize`);
    const params = Object.fromEntries(authorizeUrl.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: GOOGLE_CLIENT_ID,
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
    expect((await finish({ ...back, state: `${back.state.slice(1)}x` }, cookie)).json()).toEqual(
      GOOGLE_FAILED,
    );
    // Without this browser's cookie there is no verifier to redeem the code with.
    expect((await finish(back)).json()).toEqual(GOOGLE_FAILED);
    const [payload = '', signature = ''] = cookie.split('.');
    const forged = `${payload.slice(0, -2)}AA.${signature}`;
    expect((await finish(back, forged)).json()).toEqual(GOOGLE_FAILED);
  });

  it('refuses a code used twice', async () => {
    nextPerson(person(uniqueEmail('replay')));
    const { authorizeUrl, cookie } = await startFlow();
    const back = await authorize(authorizeUrl);
    expect((await finish(back, cookie)).statusCode).toBe(200);
    expect((await finish(back, cookie)).json()).toEqual(GOOGLE_FAILED);
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
    expect(response.json()).toEqual(GOOGLE_FAILED);
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
    expect(await finishAltered((params) => params.set('code_challenge', otherChallenge))).toEqual(
      GOOGLE_FAILED,
    );
    // Issued with no challenge at all.
    const bare = await finishAltered((params) => {
      params.delete('code_challenge');
      params.delete('code_challenge_method');
    });
    expect(bare).toEqual(GOOGLE_FAILED);
  });

  it("refuses an ID token whose nonce is not the flow's", async () => {
    nextPerson(person(uniqueEmail('nonce')));
    const wrongNonce = await finishAltered((params) => params.set('nonce', 'a-nonce-of-another-flow'));
    expect(wrongNonce).toEqual(GOOGLE_FAILED);
    expect(await finishAltered((params) => params.delete('nonce'))).toEqual(GOOGLE_FAILED);
  });

  it('refuses a redirect URI other than its own, and an ID token meant for another client', async () => {
    nextPerson(person(uniqueEmail('redirect')));
    const first = await startFlow();
    const back = await authorize(first.authorizeUrl);
    const elsewhere = await finish({ ...back, redirectUri: 'https://evil.example.com/cb' }, first.cookie);
    expect(elsewhere.json()).toEqual(GOOGLE_FAILED);

    nextPerson({ ...person(uniqueEmail('other')), aud: 'someone-else' });
    const second = await startFlow();
    expect((await finish(await authorize(second.authorizeUrl), second.cookie)).json()).toEqual(GOOGLE_FAILED);

    nextPerson(person(uniqueEmail('same')));
    const third = await startFlow();
    const ok = await finish(
      { ...(await authorize(third.authorizeUrl)), redirectUri: REDIRECT_URI },
      third.cookie,
    );
    expect(ok.statusCode).toBe(200);
  });
});
