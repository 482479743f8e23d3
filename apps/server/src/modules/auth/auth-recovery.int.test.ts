import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, randomIp, tokenType, totpNow, uniqueEmail } from '../../testing/accounts';
import { useAuthWorld } from '../../testing/auth-world';
import { codeIn } from '../../testing/test-mailbox';
import { users } from './auth.schema';

describe('the account system', () => {
  const { world, post, signUp, get, postFrom } = useAuthWorld();

  describe('forgot and reset password', () => {
    const CHECK = 'Please check your email for the verification code';

    it('resets with the e-mailed code, revoking every session', async () => {
      const user = await createUser(world.t.app, world.mailbox);
      const forgot = await post('/auth/forgot-password', { email: user.email });
      expect(forgot.json()).toEqual({ message: CHECK, data: null });
      const code = codeIn(await world.mailbox.waitFor(user.email, /password reset/i));
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

    it('names the product and the support address the operator set', async () => {
      const { settings } = world.t.deps;
      const { before } = await settings.update('general', {
        appName: 'Acme Markets',
        supportEmail: 'help@acme.example',
      });
      try {
        const user = await createUser(world.t.app, world.mailbox);
        await post('/auth/forgot-password', { email: user.email });
        const mail = await world.mailbox.waitFor(user.email, /password reset/i);
        expect(mail.text).toContain('the password of your Acme Markets account');
        expect(mail.text).toContain('Questions? Write to help@acme.example.');
        expect(mail.text).not.toContain('Trading Desk');
      } finally {
        await settings.update('general', before);
      }
    });

    it('answers the same for an unknown address, and sends nothing', async () => {
      const email = uniqueEmail();
      const response = await post('/auth/forgot-password', { email });
      expect(response.json()).toEqual({ message: CHECK, data: null });
      await new Promise((r) => setTimeout(r, 300));
      expect(world.mailbox.mails.some((mail) => mail.to.includes(email))).toBe(false);
    });

    it('answers an unknown address exactly as a known one, before looking either up', async () => {
      const user = await createUser(world.t.app, world.mailbox);
      // The lookup, the code and the mail happen after the answer (setImmediate), so the answer
      // (and the time it takes) cannot depend on whether the account exists.
      const answer = async (email: string) => {
        const reply = await world.t.app.inject({
          method: 'POST',
          url: '/auth/forgot-password',
          payload: { email },
          remoteAddress: randomIp(),
        });
        const { date: _date, 'x-request-id': _id, ...headers } = reply.headers;
        return { status: reply.statusCode, body: reply.body, headers };
      };
      expect(await answer(uniqueEmail())).toEqual(await answer(user.email));
    });

    it('refuses a wrong code and a common new password', async () => {
      const user = await createUser(world.t.app, world.mailbox);
      await post('/auth/forgot-password', { email: user.email });
      const code = codeIn(await world.mailbox.waitFor(user.email, /password reset/i));
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
      const user = await createUser(world.t.app, world.mailbox);
      const generated = await get('/auth/2fa/generate', user.token);
      expect(generated.statusCode).toBe(200);
      const { secret, otpauthUrl, qrCode } = generated.json().data;
      expect(otpauthUrl).toContain(`secret=${secret}`);
      expect(otpauthUrl).toContain('issuer=Trading%20Desk');
      expect(qrCode).toMatch(/^data:image\/png;base64,/);
      expect((await post('/auth/2fa/activate', { code: '000000' }, user.token)).statusCode).toBe(400);
      const activated = await post(
        '/auth/2fa/activate',
        { code: totpNow(secret), currentPassword: user.password },
        user.token,
      );
      expect(activated.json().message).toBe('Two-factor enabled');
      expect(activated.json().data.recoveryCodes).toHaveLength(10);
      expect((await get('/profile', user.token)).json().data.tfaEnabled).toBe(true);
      await world.mailbox.waitFor(user.email, /two-factor/i);
    });

    it('asks for the second factor at sign-in; each code works once', async () => {
      const user = await createUser(world.t.app, world.mailbox, { tfa: true });
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

    it('turns off with the password and a recovery code, ending the other sessions', async () => {
      const user = await createUser(world.t.app, world.mailbox, { tfa: true });
      const other = (await post('/auth/signin', { email: user.email, password: user.password })).json().data
        .token;
      const otherNormal = (
        await post('/auth/2fa/verify', { code: user.recoveryCodes?.[0] ?? '' }, other)
      ).json().data.token;
      expect((await get('/profile', otherNormal)).statusCode).toBe(200);
      world.mailbox.clear();
      const off = await post(
        '/auth/2fa/deactivate',
        { password: user.password, code: user.recoveryCodes?.[1] },
        user.token,
      );
      expect(off.json()).toEqual({ message: 'Two-factor disabled', data: null });
      expect((await get('/profile', user.token)).statusCode).toBe(200);
      expect((await get('/profile', otherNormal)).statusCode).toBe(401);
      await world.mailbox.waitFor(user.email, /Two-factor authentication disabled/);
      expect(
        tokenType(
          (await post('/auth/signin', { email: user.email, password: user.password })).json().data.token,
        ),
      ).toBe('normal');
    });

    it('refuses to turn off without the right password, and a wrong one uses up no recovery code', async () => {
      const user = await createUser(world.t.app, world.mailbox, { tfa: true });
      const code = user.recoveryCodes?.[2] ?? '';
      const missing = await post('/auth/2fa/deactivate', { code }, user.token);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details.map((d: { field: string }) => d.field)).toContain('body.password');
      const wrong = await post('/auth/2fa/deactivate', { password: 'Wrong#Pass99', code }, user.token);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        message: 'The password is incorrect',
        details: [{ field: 'body.password', message: 'The password is incorrect' }],
      });
      const badCode = await post(
        '/auth/2fa/deactivate',
        { password: user.password, code: '000000' },
        user.token,
      );
      expect(badCode.json()).toMatchObject({ message: 'The code is incorrect' });
      expect((await get('/profile', user.token)).json().data.tfaEnabled).toBe(true);
      const off = await post('/auth/2fa/deactivate', { password: user.password, code }, user.token);
      expect(off.statusCode, off.body).toBe(200);
    });

    it('limits tries at turning two-factor off, per account', async () => {
      const user = await createUser(world.t.app, world.mailbox, { tfa: true });
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push(
          (await post('/auth/2fa/deactivate', { password: 'Wrong#Pass99', code: '000000' }, user.token))
            .statusCode,
        );
      }
      expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
      // Even the right password and code wait now.
      const right = await post(
        '/auth/2fa/deactivate',
        { password: user.password, code: user.recoveryCodes?.[0] },
        user.token,
      );
      expect(right.statusCode).toBe(429);
    });

    it('limits tries at turning two-factor on, per account and per address', async () => {
      const user = await createUser(world.t.app, world.mailbox);
      await get('/auth/2fa/generate', user.token);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await post('/auth/2fa/activate', { code: '000000' }, user.token)).statusCode);
      expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
      expect(statuses[10]).toBe(429);

      const ip = randomIp();
      const ipStatuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const someone = await createUser(world.t.app, world.mailbox);
        await get('/auth/2fa/generate', someone.token);
        for (let j = 0; j < 8; j++)
          ipStatuses.push(
            (await postFrom(ip, '/auth/2fa/activate', { code: '000000' }, someone.token)).statusCode,
          );
      }
      expect(ipStatuses.slice(0, 30).every((status) => status === 400)).toBe(true);
      expect(ipStatuses.slice(30)).toEqual([429, 429]);
    });

    it('turning two-factor on ends the other sessions and tells the user', async () => {
      const user = await createUser(world.t.app, world.mailbox);
      const other = (await post('/auth/signin', { email: user.email, password: user.password })).json().data
        .token;
      expect((await get('/profile', other)).statusCode).toBe(200);
      const { secret } = (await get('/auth/2fa/generate', user.token)).json().data;
      world.mailbox.clear();
      expect(
        (
          await post(
            '/auth/2fa/activate',
            { code: totpNow(secret), currentPassword: user.password },
            user.token,
          )
        ).statusCode,
      ).toBe(200);
      expect((await get('/profile', other)).statusCode).toBe(401);
      expect((await get('/profile', user.token)).statusCode).toBe(200);
      await world.mailbox.waitFor(user.email, /Two-factor authentication enabled/);
    });

    it('refuses to turn on twice or off when off', async () => {
      const user = await createUser(world.t.app, world.mailbox, { tfa: true });
      expect((await get('/auth/2fa/generate', user.token)).statusCode).toBe(409);
      const plain = await createUser(world.t.app, world.mailbox);
      expect(
        (await post('/auth/2fa/deactivate', { password: plain.password, code: '123456' }, plain.token))
          .statusCode,
      ).toBe(409);
      expect((await post('/auth/2fa/activate', { code: '123456' }, plain.token)).statusCode).toBe(400);
    });
  });

  describe('under concurrency', () => {
    it('accepts a TOTP code once when it is sent twice at the same moment', async () => {
      const user = await createUser(world.t.app, world.mailbox, { tfa: true });
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
      const token = (await signUp({ email })).json().data.token;
      const code = codeIn(await world.mailbox.waitFor(email, /Verify/));
      const results = await Promise.all([
        post('/auth/verify-email', { code }, token),
        post('/auth/verify-email', { code }, token),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    });

    it('makes one account when the same address signs up twice at once', async () => {
      const email = uniqueEmail();
      const results = await Promise.all([1, 2, 3].map(() => signUp({ email })));
      expect(results.every((r) => r.statusCode === 201)).toBe(true);
      const [row] = await world.t.deps.db.db.select({ n: count() }).from(users).where(eq(users.email, email));
      expect(row?.n).toBe(1);
    });
  });
});
