import { count, eq } from 'drizzle-orm';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createUser,
  GOOD_PASSWORD,
  randomIp,
  tokenType,
  totpNow,
  uniqueEmail,
} from '../../testing/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { codeIn, startTestMailbox, type TestMailbox } from '../../testing/test-mailbox';
import { users } from './auth.schema';

const WRONG_CREDENTIALS = 'Email or password is incorrect';

describe('the account system', () => {
  let t: TestApp;
  let mailbox: TestMailbox;

  beforeAll(async () => {
    mailbox = await startTestMailbox();
    t = await buildTestApp({ env: { SMTP_URL: mailbox.url, PUBLIC_URL: 'https://trade.example.com' } });
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.close();
  });
  // Each request from its own address, so per-IP limits stay out of tests that are not about them.
  const post = (url: string, payload?: object, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: token ? bearer(token) : {},
      remoteAddress: randomIp(),
    });
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {}, remoteAddress: randomIp() });

  describe('signup and e-mail verification', () => {
    it('signs up, e-mails a code, and the code opens a normal session', async () => {
      const email = uniqueEmail();
      const signup = await post('/auth/signup', {
        email,
        password: GOOD_PASSWORD,
        firstName: 'Ada',
        lastName: 'Lovelace',
      });
      expect(signup.statusCode).toBe(201);
      expect(signup.json().message).toBe('Signup successful');
      const emailToken = signup.json().data.token;
      expect(tokenType(emailToken)).toBe('email');

      const mail = await mailbox.waitFor(email, /^Verify your email address$/);
      expect(mail.text).toContain('https://trade.example.com/authentication/emailVerification?token=');
      expect(mail.html).toContain(codeIn(mail));

      const verified = await post('/auth/verify-email', { code: codeIn(mail) }, emailToken);
      expect(verified.statusCode).toBe(200);
      expect(verified.json().message).toBe('Email verified');
      const token = verified.json().data.token;
      expect(decodeJwt(token)).toMatchObject({ type: 'normal', status: 'act' });

      const profile = await get('/profile', token);
      expect(profile.json()).toMatchObject({
        message: 'User fetched successfully',
        data: {
          email,
          firstName: 'Ada',
          emailVerified: true,
          tfaEnabled: false,
          role: 'user',
          status: 'act',
        },
      });
      expect(profile.json().data.referralCode).toMatch(/^[A-Z0-9]{8}$/);
    });

    it('normalises a gmail address as the web app does', async () => {
      const local = `Mixed.Case${Date.now()}`;
      const signup = await post('/auth/signup', {
        email: `${local}@GMAIL.com`,
        password: GOOD_PASSWORD,
        firstName: 'A',
        lastName: 'B',
      });
      expect(signup.statusCode).toBe(201);
      await mailbox.waitFor(`${local.replaceAll('.', '').toLowerCase()}@gmail.com`, /Verify/);
    });

    it('verifies through the e-mailed link once', async () => {
      const email = uniqueEmail();
      await post('/auth/signup', { email, password: GOOD_PASSWORD, firstName: 'A', lastName: 'B' });
      const mail = await mailbox.waitFor(email, /Verify/);
      const link = /token=([\w%-]+)/.exec(mail.text)?.[1] ?? '';
      const first = await get(`/auth/verify-email?token=${link}`);
      expect(first.statusCode).toBe(200);
      expect(tokenType(first.json().data.token)).toBe('normal');
      const again = await get(`/auth/verify-email?token=${link}`);
      expect(again.statusCode).toBe(400);
    });

    it.each([
      [{ email: 'someone@example.com' }, 'body.email'],
      [{ password: 'short' }, 'body.password'],
      [{ firstName: '' }, 'body.firstName'],
      [{ email: 'not an email' }, 'body.email'],
    ])('refuses %o with a 400 naming the field', async (override, field) => {
      const response = await post('/auth/signup', {
        email: uniqueEmail(),
        password: GOOD_PASSWORD,
        firstName: 'A',
        lastName: 'B',
        ...override,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
      expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
    });

    it('refuses a common password', async () => {
      const response = await post('/auth/signup', {
        email: uniqueEmail(),
        password: 'Password123',
        firstName: 'A',
        lastName: 'B',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/too common/);
    });

    it('refuses an unknown referral code', async () => {
      const response = await post('/auth/signup', {
        email: uniqueEmail(),
        password: GOOD_PASSWORD,
        firstName: 'A',
        lastName: 'B',
        referralCode: 'NOPE1234',
      });
      expect(response.statusCode).toBe(400);
    });

    it('answers a signup of an existing address like a new one, and tells the owner instead', async () => {
      const owner = await createUser(t.app, mailbox, { firstName: 'Owner' });
      const again = await post('/auth/signup', {
        email: owner.email,
        password: 'Other#Pass9x',
        firstName: 'X',
        lastName: 'Y',
      });
      expect(again.statusCode).toBe(201);
      expect(again.json().message).toBe('Signup successful');
      expect(tokenType(again.json().data.token)).toBe('email');
      await mailbox.waitFor(owner.email, /sign up/i);
      const attempt = await post('/auth/verify-email', { code: '123456' }, again.json().data.token);
      expect(attempt.statusCode).toBe(400);
      expect(attempt.json().message).toBe('The code is incorrect or has expired');
      const resend = await post('/auth/verify-email/resend', undefined, again.json().data.token);
      expect(resend.json().message).toBe('Email sent successfully');
    });

    it('kills a code after 5 wrong tries, even for the right code', async () => {
      const email = uniqueEmail();
      const signup = await post('/auth/signup', {
        email,
        password: GOOD_PASSWORD,
        firstName: 'A',
        lastName: 'B',
      });
      const token = signup.json().data.token;
      const code = codeIn(await mailbox.waitFor(email, /Verify/));
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++)
        expect((await post('/auth/verify-email', { code: wrong }, token)).statusCode).toBe(400);
      const right = await post('/auth/verify-email', { code }, token);
      expect(right.statusCode).toBe(400);
      expect(right.json().message).toMatch(/Too many wrong codes/);
    });

    it('resends a fresh code that replaces the old one', async () => {
      const email = uniqueEmail();
      const token = (
        await post('/auth/signup', { email, password: GOOD_PASSWORD, firstName: 'A', lastName: 'B' })
      ).json().data.token;
      const first = codeIn(await mailbox.waitFor(email, /Verify/));
      mailbox.clear();
      const resend = await post('/auth/verify-email/resend', undefined, token);
      expect(resend.json()).toEqual({ message: 'Email sent successfully', data: null });
      const second = codeIn(await mailbox.waitFor(email, /Verify/));
      if (first !== second)
        expect((await post('/auth/verify-email', { code: first }, token)).statusCode).toBe(400);
      expect((await post('/auth/verify-email', { code: second }, token)).statusCode).toBe(200);
    });
  });

  describe('signin', () => {
    it('gives a normal token to a verified user without two-factor', async () => {
      const user = await createUser(t.app, mailbox);
      const response = await post('/auth/signin', { email: user.email, password: user.password });
      expect(response.json().message).toBe('Login successful');
      expect(tokenType(response.json().data.token)).toBe('normal');
    });

    it('gives an email token and a fresh code to an unverified user', async () => {
      const email = uniqueEmail();
      await post('/auth/signup', { email, password: GOOD_PASSWORD, firstName: 'A', lastName: 'B' });
      await mailbox.waitFor(email, /Verify/);
      mailbox.clear();
      const response = await post('/auth/signin', { email, password: GOOD_PASSWORD });
      expect(tokenType(response.json().data.token)).toBe('email');
      const code = codeIn(await mailbox.waitFor(email, /Verify/));
      expect((await post('/auth/verify-email', { code }, response.json().data.token)).statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown address alike', async () => {
      const user = await createUser(t.app, mailbox);
      const wrong = await post('/auth/signin', { email: user.email, password: 'Wrong#Pass99' });
      const unknown = await post('/auth/signin', { email: uniqueEmail(), password: 'Wrong#Pass99' });
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: WRONG_CREDENTIALS, code: 'UNAUTHENTICATED' });
      }
    });

    it('limits sign-in attempts per account, with Retry-After', async () => {
      const user = await createUser(t.app, mailbox);
      const statuses: number[] = [];
      let last = await post('/auth/signin', { email: user.email, password: 'Wrong#Pass99' });
      for (let i = 0; i < 10; i++) {
        statuses.push(last.statusCode);
        last = await post('/auth/signin', { email: user.email, password: 'Wrong#Pass99' });
      }
      expect(statuses.every((status) => status === 401)).toBe(true);
      expect(last.statusCode).toBe(429);
      expect(last.json().code).toBe('RATE_LIMITED');
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
      // Even the right password waits now.
      expect((await post('/auth/signin', { email: user.email, password: user.password })).statusCode).toBe(
        429,
      );
    });

    it('limits two-factor guesses per account', async () => {
      const user = await createUser(t.app, mailbox, { tfa: true });
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
        statuses.push(
          (await post('/auth/signup', { email, password: GOOD_PASSWORD, firstName: 'A', lastName: 'B' }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    });

    it('records sign-ins in the login history', async () => {
      const user = await createUser(t.app, mailbox);
      await post('/auth/signin', { email: user.email, password: 'Wrong#Pass99' });
      const history = await get('/profile/logins', user.token);
      const items = history.json().data.items;
      expect(items[0]).toMatchObject({ outcome: 'failure', detail: 'Wrong password' });
      expect(items.some((item: { outcome: string }) => item.outcome === 'success')).toBe(true);
    });

    it('e-mails an alert on a sign-in from a new device', async () => {
      const user = await createUser(t.app, mailbox);
      await t.app.inject({
        method: 'POST',
        url: '/auth/signin',
        payload: { email: user.email, password: user.password },
        headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1' },
      });
      const alert = await mailbox.waitFor(user.email, /New sign-in/);
      expect(alert.text).toContain('Safari on iOS');
    });
  });

  describe('tokens', () => {
    it('accepts each token type only where it belongs', async () => {
      const email = uniqueEmail();
      const emailToken = (
        await post('/auth/signup', { email, password: GOOD_PASSWORD, firstName: 'A', lastName: 'B' })
      ).json().data.token;
      const user = await createUser(t.app, mailbox, { tfa: true });
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
      const user = await createUser(t.app, mailbox);
      const claims = decodeJwt(user.token);
      const unsigned = new UnsecuredJWT({ ...claims }).encode();
      const otherKey = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('x'.repeat(48)));
      const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(t.deps.jwtSecret);
      for (const headers of [
        {},
        { authorization: 'Bearer' },
        { authorization: 'Basic abc' },
        bearer('not.a.jwt'),
        bearer(unsigned),
        bearer(otherKey),
        bearer(expired),
      ]) {
        const response = await t.app.inject({ method: 'GET', url: '/profile', headers });
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('UNAUTHENTICATED');
      }
      expect((await get('/profile', user.token)).statusCode).toBe(200);
    });

    it('revokes the session at logout', async () => {
      const user = await createUser(t.app, mailbox);
      const logout = await post('/auth/logout', undefined, user.token);
      expect(logout.json()).toEqual({ message: 'Logout successful', data: null });
      expect((await get('/profile', user.token)).statusCode).toBe(401);
    });

    it('issues a stream ticket naming the stream server', async () => {
      const user = await createUser(t.app, mailbox);
      const response = await get('/auth/wss/signin', user.token);
      expect(response.json().data.payload).toEqual({ server: 'https://trade.example.com', status: 'act' });
      expect(decodeJwt(response.json().data.token)).toMatchObject({ sub: user.id, aud: 'stream' });
    });
  });

  describe('forgot and reset password', () => {
    const CHECK = 'Please check your email for the verification code';

    it('resets with the e-mailed code, revoking every session', async () => {
      const user = await createUser(t.app, mailbox);
      const forgot = await post('/auth/forgot-password', { email: user.email });
      expect(forgot.json()).toEqual({ message: CHECK, data: null });
      const code = codeIn(await mailbox.waitFor(user.email, /password reset/i));
      const reset = await post('/auth/reset-password', {
        email: user.email,
        code,
        password: 'New#Secret42x',
      });
      expect(reset.json()).toEqual({ message: 'Password reset successful', data: null });
      expect((await get('/profile', user.token)).statusCode).toBe(401);
      expect((await post('/auth/signin', { email: user.email, password: user.password })).statusCode).toBe(
        401,
      );
      expect((await post('/auth/signin', { email: user.email, password: 'New#Secret42x' })).statusCode).toBe(
        200,
      );
      expect(
        (await post('/auth/reset-password', { email: user.email, code, password: 'Other#Secret42' }))
          .statusCode,
      ).toBe(400);
    });

    it('answers the same for an unknown address, and sends nothing', async () => {
      const email = uniqueEmail();
      const response = await post('/auth/forgot-password', { email });
      expect(response.json()).toEqual({ message: CHECK, data: null });
      await new Promise((r) => setTimeout(r, 300));
      expect(mailbox.mails.some((mail) => mail.to.includes(email))).toBe(false);
    });

    it('takes the same time whether the account exists or not', async () => {
      const user = await createUser(t.app, mailbox);
      const time = async (email: string) => {
        const started = process.hrtime.bigint();
        await t.app.inject({
          method: 'POST',
          url: '/auth/forgot-password',
          payload: { email },
          remoteAddress: randomIp(),
        });
        return Number(process.hrtime.bigint() - started) / 1e6;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 3; i++) {
        known.push(await time(user.email));
        unknown.push(await time(uniqueEmail()));
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      // The work happens after the answer; the answer itself does the same for both.
      expect(Math.abs(median(known) - median(unknown))).toBeLessThan(25);
    });

    it('refuses a wrong code and a common new password', async () => {
      const user = await createUser(t.app, mailbox);
      await post('/auth/forgot-password', { email: user.email });
      const code = codeIn(await mailbox.waitFor(user.email, /password reset/i));
      const wrong = code === '000000' ? '111111' : '000000';
      const bad = await post('/auth/reset-password', {
        email: user.email,
        code: wrong,
        password: 'New#Secret42x',
      });
      expect(bad.json()).toMatchObject({
        code: 'VALIDATION',
        message: 'The code is incorrect or has expired',
      });
      const common = await post('/auth/reset-password', { email: user.email, code, password: 'Password123' });
      expect(common.statusCode).toBe(400);
    });
  });

  describe('two-factor', () => {
    it('turns on with a code from the app and gives 10 single-use recovery codes', async () => {
      const user = await createUser(t.app, mailbox);
      const generated = await get('/auth/2fa/generate', user.token);
      expect(generated.statusCode).toBe(200);
      const { secret, otpauthUrl, qrCode } = generated.json().data;
      expect(otpauthUrl).toContain(`secret=${secret}`);
      expect(otpauthUrl).toContain('issuer=Trading%20Desk');
      expect(qrCode).toMatch(/^data:image\/png;base64,/);
      expect((await post('/auth/2fa/activate', { code: '000000' }, user.token)).statusCode).toBe(400);
      const activated = await post('/auth/2fa/activate', { code: totpNow(secret) }, user.token);
      expect(activated.json().message).toBe('Two-factor enabled');
      expect(activated.json().data.recoveryCodes).toHaveLength(10);
      expect((await get('/profile', user.token)).json().data.tfaEnabled).toBe(true);
      await mailbox.waitFor(user.email, /two-factor/i);
    });

    it('asks for the second factor at sign-in; each code works once', async () => {
      const user = await createUser(t.app, mailbox, { tfa: true });
      const secret = user.tfaSecret ?? '';
      const signin = async () =>
        (await post('/auth/signin', { email: user.email, password: user.password })).json().data.token;

      const first = await signin();
      expect(tokenType(first)).toBe('tfa');
      expect((await post('/auth/2fa/verify', { code: '000000' }, first)).statusCode).toBe(400);
      const nextStep = totpNow(secret, Date.now() + 30_000);
      const ok = await post('/auth/2fa/verify', { code: nextStep }, first);
      expect(ok.json().message).toBe('Login successful');
      expect(tokenType(ok.json().data.token)).toBe('normal');

      const second = await signin();
      expect((await post('/auth/2fa/verify', { code: nextStep }, second)).statusCode).toBe(400);

      const recovery = user.recoveryCodes?.[0] ?? '';
      expect((await post('/auth/2fa/verify', { code: recovery.toUpperCase() }, second)).statusCode).toBe(200);
      const third = await signin();
      expect((await post('/auth/2fa/verify', { code: recovery }, third)).statusCode).toBe(400);

      const history = (await get('/profile/logins', ok.json().data.token)).json().data.items;
      expect(history.some((item: { detail: string | null }) => item.detail === 'Wrong two-factor code')).toBe(
        true,
      );
    });

    it('turns off with a recovery code', async () => {
      const user = await createUser(t.app, mailbox, { tfa: true });
      expect((await post('/auth/2fa/deactivate', { code: '000000' }, user.token)).statusCode).toBe(400);
      const off = await post('/auth/2fa/deactivate', { code: user.recoveryCodes?.[1] }, user.token);
      expect(off.json()).toEqual({ message: 'Two-factor disabled', data: null });
      expect(
        tokenType(
          (await post('/auth/signin', { email: user.email, password: user.password })).json().data.token,
        ),
      ).toBe('normal');
    });

    it('refuses to turn on twice or off when off', async () => {
      const user = await createUser(t.app, mailbox, { tfa: true });
      expect((await get('/auth/2fa/generate', user.token)).statusCode).toBe(409);
      const plain = await createUser(t.app, mailbox);
      expect((await post('/auth/2fa/deactivate', { code: '123456' }, plain.token)).statusCode).toBe(409);
      expect((await post('/auth/2fa/activate', { code: '123456' }, plain.token)).statusCode).toBe(400);
    });
  });

  describe('under concurrency', () => {
    it('accepts a TOTP code once when it is sent twice at the same moment', async () => {
      const user = await createUser(t.app, mailbox, { tfa: true });
      const [a, b] = await Promise.all([
        post('/auth/signin', { email: user.email, password: user.password }),
        post('/auth/signin', { email: user.email, password: user.password }),
      ]);
      const code = totpNow(user.tfaSecret ?? '', Date.now() + 30_000);
      const results = await Promise.all([
        post('/auth/2fa/verify', { code }, a.json().data.token),
        post('/auth/2fa/verify', { code }, b.json().data.token),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    });

    it('uses an e-mailed code once when it is sent twice at the same moment', async () => {
      const email = uniqueEmail();
      const token = (
        await post('/auth/signup', { email, password: GOOD_PASSWORD, firstName: 'A', lastName: 'B' })
      ).json().data.token;
      const code = codeIn(await mailbox.waitFor(email, /Verify/));
      const results = await Promise.all([
        post('/auth/verify-email', { code }, token),
        post('/auth/verify-email', { code }, token),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    });

    it('makes one account when the same address signs up twice at once', async () => {
      const email = uniqueEmail();
      const results = await Promise.all(
        [1, 2, 3].map(() =>
          post('/auth/signup', { email, password: GOOD_PASSWORD, firstName: 'A', lastName: 'B' }),
        ),
      );
      expect(results.every((r) => r.statusCode === 201)).toBe(true);
      const [row] = await t.deps.db.db.select({ n: count() }).from(users).where(eq(users.email, email));
      expect(row?.n).toBe(1);
    });
  });
});
