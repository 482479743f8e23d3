import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  createUser,
  GOOD_PASSWORD,
  randomIp,
  type TestUser,
  tokenType,
  totpNow,
  uniqueEmail,
} from '../../testing/accounts';
import { useAuthWorld, WRONG_CREDENTIALS } from '../../testing/auth-world';
import { codeIn } from '../../testing/test-mailbox';
import { createAuthRepository } from './auth.repository';
import { createTokenService } from './tokens';

describe('the account system', () => {
  const { world, post, signUp, get, postFrom, signinFrom, answerOf, wrongFor } = useAuthWorld();

  describe('signin', () => {
    /** Six wrong passwords at the account from one stranger's address: enough to ask new ones for a code. */
    const wrongPasswords = async (user: TestUser) => {
      const stranger = randomIp();
      for (let i = 0; i < 6; i++) await signinFrom(stranger, user.email, 'Wrong#Pass99');
    };
    /** The owner signs in from a new address: that address, the pending token, and the code mailed for it. */
    const mailedSignin = async (user: TestUser) => {
      world.mailbox.clear();
      const ip = randomIp();
      const token: string = (await signinFrom(ip, user.email, user.password)).json().data.token;
      const code = codeIn(await world.mailbox.waitFor(user.email, /Confirm your sign-in/));
      return { ip, token, code };
    };

    it('gives a normal token to a verified user without two-factor', async () => {
      const user = await createUser(world.t.app, world.mailbox);
      const response = await post('/auth/signin', { email: user.email, password: user.password });
      expect(response.json().message).toBe('Login successful');
      expect(tokenType(response.json().data.token)).toBe('normal');
    });

    it('gives an email token and a fresh code to an unverified user', async () => {
      const email = uniqueEmail();
      await signUp({ email });
      await world.mailbox.waitFor(email, /Verify/);
      world.mailbox.clear();
      const response = await post('/auth/signin', { email, password: GOOD_PASSWORD });
      expect(tokenType(response.json().data.token)).toBe('email');
      const code = codeIn(await world.mailbox.waitFor(email, /Verify/));
      expect((await post('/auth/verify-email', { code }, response.json().data.token)).statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown address alike', async () => {
      const user = await createUser(world.t.app, world.mailbox);
      const wrong = await post('/auth/signin', { email: user.email, password: 'Wrong#Pass99' });
      const unknown = await post('/auth/signin', { email: uniqueEmail(), password: 'Wrong#Pass99' });
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: WRONG_CREDENTIALS, code: 'UNAUTHENTICATED' });
      }
    });

    it('limits one address at one account, with Retry-After, without locking the owner out', async () => {
      const user = await createUser(world.t.app, world.mailbox);
      const home = randomIp();
      expect(tokenType((await signinFrom(home, user.email, user.password)).json().data.token)).toBe('normal');
      const stranger = randomIp();
      const statuses: number[] = [];
      let last = await signinFrom(stranger, user.email, 'Wrong#Pass99');
      for (let i = 0; i < 11; i++) {
        statuses.push(last.statusCode);
        last = await signinFrom(stranger, user.email, 'Wrong#Pass99');
      }
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
      expect(last.statusCode).toBe(429);
      expect(last.json().code).toBe('RATE_LIMITED');
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
      // At that address even the right password waits now...
      expect((await signinFrom(stranger, user.email, user.password)).statusCode).toBe(429);
      // ...but the owner, from where they signed in before, goes straight in.
      const owner = await signinFrom(home, user.email, user.password);
      expect(owner.statusCode, owner.body).toBe(200);
      expect(tokenType(owner.json().data.token)).toBe('normal');
    });

    it('after repeated wrong passwords, asks a new address for an e-mailed code and lets the owner in with it', async () => {
      const user = await createUser(world.t.app, world.mailbox);
      const stranger = randomIp();
      for (let i = 0; i < 12; i++) await signinFrom(stranger, user.email, 'Wrong#Pass99');

      world.mailbox.clear();
      const travelling = randomIp();
      const step = await signinFrom(travelling, user.email, user.password);
      expect(step.statusCode, step.body).toBe(200);
      expect(step.json().message).toBe('Login successful');
      const emailToken = step.json().data.token;
      expect(tokenType(emailToken)).toBe('email');
      const mail = await world.mailbox.waitFor(user.email, /^Confirm your sign-in$/);
      expect(mail.text).toContain(travelling);
      const code = codeIn(mail);

      expect(
        answerOf(await postFrom(travelling, '/auth/verify-email', { code: wrongFor(code) }, emailToken)),
      ).toBe('400 The code is incorrect or has expired');
      const done = await postFrom(travelling, '/auth/verify-email', { code }, emailToken);
      expect(done.statusCode, done.body).toBe(200);
      expect(tokenType(done.json().data.token)).toBe('normal');
      expect((await get('/profile', done.json().data.token)).statusCode).toBe(200);
      // The address is known now: the password alone is enough from it.
      expect(tokenType((await signinFrom(travelling, user.email, user.password)).json().data.token)).toBe(
        'normal',
      );
    });

    it('binds each e-mailed sign-in code to its own pending sign-in', async () => {
      const user = await createUser(world.t.app, world.mailbox);
      await wrongPasswords(user);
      const first = await mailedSignin(user);
      const second = await mailedSignin(user);
      if (first.code !== second.code) {
        expect((await post('/auth/verify-email', { code: first.code }, second.token)).statusCode).toBe(400);
      }
      expect((await post('/auth/verify-email', { code: second.code }, second.token)).statusCode).toBe(200);
      expect((await post('/auth/verify-email', { code: first.code }, first.token)).statusCode).toBe(200);
    });

    it('asks for the second factor after the e-mailed code when two-factor is on', async () => {
      const user = await createUser(world.t.app, world.mailbox, { tfa: true });
      await wrongPasswords(user);
      const { ip, token: emailToken, code } = await mailedSignin(user);
      expect(tokenType(emailToken)).toBe('email');
      const tfa = await postFrom(ip, '/auth/verify-email', { code }, emailToken);
      expect(tfa.statusCode, tfa.body).toBe(200);
      const tfaToken = tfa.json().data.token;
      expect(tokenType(tfaToken)).toBe('tfa');
      // The e-mail step is spent: its token no longer works.
      expect((await postFrom(ip, '/auth/verify-email', { code }, emailToken)).statusCode).toBe(400);
      const done = await postFrom(
        ip,
        '/auth/2fa/verify',
        { code: totpNow(user.tfaSecret ?? '', Date.now() + 30_000) },
        tfaToken,
      );
      expect(done.statusCode, done.body).toBe(200);
      expect(tokenType(done.json().data.token)).toBe('normal');
    });

    it('asks for the passkey after the e-mailed code when the account has one', async () => {
      const user = await createUser(world.t.app, world.mailbox);
      await createAuthRepository(world.t.deps.db.db).insertPasskeyWithin(10, {
        userId: user.id,
        name: 'Laptop',
        credentialId: `credential-${user.id}`,
        publicKey: 'cHVibGljLWtleQ',
      });
      await wrongPasswords(user);
      const { ip, token: emailToken, code } = await mailedSignin(user);
      expect(tokenType(emailToken)).toBe('email');
      const next = await postFrom(ip, '/auth/verify-email', { code }, emailToken);
      expect(next.statusCode, next.body).toBe(200);
      // The mailbox is not the second factor: the passkey still is.
      expect(tokenType(next.json().data.token)).toBe('tfa');
    });

    it('limits one address trying many accounts', async () => {
      const sprayer = randomIp();
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++)
        statuses.push((await signinFrom(sprayer, uniqueEmail('spray'), 'Wrong#Pass99')).statusCode);
      expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    });

    it('bounds the tries at one account from addresses it never signed in from, not from its own', async () => {
      const user = await createUser(world.t.app, world.mailbox);
      const home = randomIp();
      await signinFrom(home, user.email, user.password);
      // The first sign-in from home was from a new address too: 99 more make the hundred.
      const statuses: number[] = [];
      // Addresses of a range no other test uses (RFC 5737 TEST-NET-1): each new, none limited already.
      for (let i = 0; i < 100; i++)
        statuses.push((await signinFrom(`192.0.2.${i + 1}`, user.email, 'Wrong#Pass99')).statusCode);
      expect(statuses.slice(0, 99).every((status) => status === 401)).toBe(true);
      expect(statuses[99]).toBe(429);
      expect(tokenType((await signinFrom(home, user.email, user.password)).json().data.token)).toBe('normal');
    });

    it('limits two-factor guesses per account', async () => {
      const user = await createUser(world.t.app, world.mailbox, { tfa: true });
      const token = (await post('/auth/signin', { email: user.email, password: user.password })).json().data
        .token;
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await post('/auth/2fa/verify', { code: '000000' }, token)).statusCode);
      expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
    });

    it('limits signups per address', async () => {
      const email = uniqueEmail();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await signUp({ email })).statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    });

    describe('per address, IPv6 by its /64', () => {
      const signupsFrom = async (addresses: string[]) => {
        const statuses: number[] = [];
        for (const address of addresses) {
          const payload = { email: uniqueEmail(), password: GOOD_PASSWORD, firstName: 'A', lastName: 'B' };
          statuses.push((await postFrom(address, '/auth/signup', payload)).statusCode);
        }
        return statuses;
      };
      const tenThenTwoRefused = [...Array<number>(10).fill(201), 429, 429];
      const hex = () => Math.floor(Math.random() * 0xffff).toString(16);

      it('refuses the 11th sign-up from one IPv4 address', async () => {
        expect(await signupsFrom(Array<string>(12).fill(randomIp()))).toEqual(tenThenTwoRefused);
      });

      it('refuses the 11th sign-up from one /64, each from another address in it', async () => {
        const prefix = `2001:db8:${hex()}:${hex()}`;
        const addresses = Array.from({ length: 12 }, (_, i) => `${prefix}::${(i + 1).toString(16)}`);
        expect(await signupsFrom(addresses)).toEqual(tenThenTwoRefused);
        // The next /64 is another subscriber, with its own count.
        expect(await signupsFrom([`2001:db8:${hex()}:${hex()}::1`])).toEqual([201]);
      });

      it('counts an IPv4 address written as IPv6 as that IPv4 address', async () => {
        const ipv4 = randomIp();
        const addresses = Array.from({ length: 12 }, (_, i) => (i % 2 ? ipv4 : `::ffff:${ipv4}`));
        expect(await signupsFrom(addresses)).toEqual(tenThenTwoRefused);
      });
    });

    it('records sign-ins in the login history', async () => {
      const user = await createUser(world.t.app, world.mailbox);
      await post('/auth/signin', { email: user.email, password: 'Wrong#Pass99' });
      const history = await get('/profile/logins', user.token);
      const items = history.json().data.items;
      expect(items[0]).toMatchObject({ outcome: 'failure', detail: 'Wrong password' });
      expect(items.some((item: { outcome: string }) => item.outcome === 'success')).toBe(true);
    });

    it('e-mails an alert on a sign-in from a new device', async () => {
      const user = await createUser(world.t.app, world.mailbox);
      await world.t.app.inject({
        method: 'POST',
        url: '/auth/signin',
        payload: { email: user.email, password: user.password },
        headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1' },
      });
      const alert = await world.mailbox.waitFor(user.email, /New sign-in/);
      expect(alert.text).toContain('Safari on iOS');
    });
  });

  describe('tokens', () => {
    it('accepts each token type only where it belongs', async () => {
      const email = uniqueEmail();
      const emailToken = (await signUp({ email })).json().data.token;
      const user = await createUser(world.t.app, world.mailbox, { tfa: true });
      const tfaToken = (await post('/auth/signin', { email: user.email, password: user.password })).json()
        .data.token;
      expect(tokenType(tfaToken)).toBe('tfa');

      const normalOnly = [
        '/profile',
        '/profile/sessions',
        '/profile/logins',
        '/auth/2fa/generate',
        '/auth/wss/signin',
      ];
      for (const url of normalOnly) {
        for (const token of [emailToken, tfaToken]) expect((await get(url, token)).statusCode, url).toBe(401);
      }
      expect((await post('/auth/logout', undefined, tfaToken)).statusCode).toBe(401);
      expect((await post('/auth/verify-email', { code: '123456' }, user.token)).statusCode).toBe(401);
      expect((await post('/auth/verify-email', { code: '123456' }, tfaToken)).statusCode).toBe(401);
      expect((await post('/auth/2fa/verify', { code: '123456' }, user.token)).statusCode).toBe(401);
      expect((await post('/auth/2fa/verify', { code: '123456' }, emailToken)).statusCode).toBe(401);
    });

    it('refuses no token, a malformed one, alg none, another key and an expired one', async () => {
      const user = await createUser(world.t.app, world.mailbox);
      const claims = decodeJwt(user.token);
      const unsigned = new UnsecuredJWT({ ...claims }).encode();
      const otherKey = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('x'.repeat(48)));
      const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(world.t.deps.jwtSecret);
      for (const headers of [
        {},
        { authorization: 'Bearer' },
        { authorization: 'Basic abc' },
        bearer('not.a.jwt'),
        bearer(unsigned),
        bearer(otherKey),
        bearer(expired),
      ]) {
        const response = await world.t.app.inject({ method: 'GET', url: '/profile', headers });
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('UNAUTHENTICATED');
      }
      expect((await get('/profile', user.token)).statusCode).toBe(200);
    });

    it('revokes the session at logout', async () => {
      const user = await createUser(world.t.app, world.mailbox);
      const logout = await post('/auth/logout', undefined, user.token);
      expect(logout.json()).toEqual({ message: 'Logout successful', data: null });
      expect((await get('/profile', user.token)).statusCode).toBe(401);
    });

    it('issues a stream ticket naming the stream server', async () => {
      const user = await createUser(world.t.app, world.mailbox);
      const response = await get('/auth/wss/signin', user.token);
      expect(response.json().data.payload).toEqual({ server: 'https://trade.example.com', status: 'act' });
      const ticket = await createTokenService(world.t.deps.jwtSecret).verifyStreamTicket(
        response.json().data.token,
      );
      expect(ticket).toMatchObject({ userId: user.id, sessionId: decodeJwt(user.token).sid });
    });
  });
});
