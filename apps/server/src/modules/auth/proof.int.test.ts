import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createUser, randomIp, signIn, type TestUser, totpNow } from '../../testing/accounts';
import { type SigningKey, signedRequest } from '../../testing/api-keys';
import { pollUntil } from '../../testing/poll';
import { codeIn, type ReceivedMail } from '../../testing/test-mailbox';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { TRON_TO, walletHelpers } from '../../testing/wallet';
import { users, verificationCodes } from './auth.schema';

// Proof beyond the session: a change of who controls an account (two-factor on, an API key, a
// passkey) asks for the current password or an e-mailed code, and the second factor where it is
// on; the events that take an account back revoke every API key; the cooling-off after two-factor
// is turned on.

const NEW_PASSWORD = 'Zx9#kLm4!pQw';

describe('proof beyond the session', () => {
  const desk = useTradingDesk();
  const w = walletHelpers(desk);
  const db = () => desk.t.deps.db.db;

  const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    desk.t.app.inject({ method, url, payload, headers: bearer(token), remoteAddress: randomIp() });
  const mailsTo = (to: string, subject: RegExp) =>
    desk.mailbox.mails.filter((mail) => mail.to.includes(to) && subject.test(mail.subject));
  /** The next mail to `to` matching `subject` after `send` runs. */
  const mailAfter = async (
    to: string,
    subject: RegExp,
    send: () => Promise<unknown>,
  ): Promise<ReceivedMail> => {
    const before = mailsTo(to, subject).length;
    await send();
    await pollUntil(() => mailsTo(to, subject).length > before, { what: `a mail "${subject}" to ${to}` });
    return mailsTo(to, subject).at(-1) as ReceivedMail;
  };
  const securityCode = async (user: TestUser) =>
    codeIn(
      await mailAfter(user.email, /security code/i, async () => {
        const sent = await as(user.token, 'POST', '/profile/security-code');
        expect(sent.statusCode, sent.body).toBe(200);
      }),
    );
  /** An account without a password, as Google sign-in makes one. */
  const googleOnly = async () => {
    const user = await desk.newUser();
    await db()
      .update(users)
      .set({ passwordHash: null, googleSub: `g-${user.id}` })
      .where(eq(users.id, user.id));
    return user;
  };
  const fieldOf = (response: { json: () => { details?: Array<{ field: string }> } }) =>
    response.json().details?.[0]?.field;
  /** The two-factor secret a session asks for, pending until that session turns two-factor on. */
  const pendingSecret = async (token: string): Promise<string> =>
    (await as(token, 'GET', '/auth/2fa/generate')).json().data.secret;
  /** Turns two-factor on from the session with the current code of `secret` and the proof given. */
  const activate = (
    token: string,
    secret: string,
    proof: { currentPassword?: string; emailCode?: string } = {},
  ) => as(token, 'POST', '/auth/2fa/activate', { code: totpNow(secret), ...proof });
  const newKey = async (user: TestUser, scopes: string[] = ['read']) => {
    const created = await as(user.token, 'POST', '/profile/api-keys', {
      label: 'Bot',
      scopes,
      currentPassword: user.password,
      ...(user.tfaSecret ? { tfaCode: user.recoveryCodes?.pop() } : {}),
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data as SigningKey;
  };
  /** A read key asked for with an e-mailed code as the proof. */
  const keyByCode = (user: TestUser, label: string, emailCode: string) =>
    as(user.token, 'POST', '/profile/api-keys', { label, scopes: ['read'], emailCode });
  /** A password reset to NEW_PASSWORD with the code mailed for it; `extra` joins the reset's body. */
  const resetPassword = async (user: TestUser, extra: object = {}) => {
    const anonymous = (url: string, payload: object) =>
      desk.t.app.inject({ method: 'POST', url, payload, remoteAddress: randomIp() });
    const code = codeIn(
      await mailAfter(user.email, /reset/i, () => anonymous('/auth/forgot-password', { email: user.email })),
    );
    return anonymous('/auth/reset-password', { email: user.email, code, password: NEW_PASSWORD, ...extra });
  };
  const readProfile = (key: SigningKey) =>
    desk.t.app.inject(signedRequest(key, { method: 'GET', url: '/profile' }));

  describe('the e-mailed code', () => {
    it('is stored hashed, works once, and not after 10 minutes', async () => {
      const user = await googleOnly();
      const code = await securityCode(user);
      const [row] = await db()
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, 'security_proof')));
      expect(row?.codeHash).not.toContain(code);
      expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 10 * 60_000);

      const first = await keyByCode(user, 'A', code);
      expect(first.statusCode, first.body).toBe(201);
      const again = await keyByCode(user, 'B', code);
      expect(again.statusCode).toBe(400);
      expect(fieldOf(again)).toBe('body.emailCode');

      const late = await securityCode(user);
      await db()
        .update(verificationCodes)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, 'security_proof')));
      const expired = await keyByCode(user, 'C', late);
      expect(expired.statusCode).toBe(400);
      expect(fieldOf(expired)).toBe('body.emailCode');
    });

    it('counts wrong codes like every e-mailed code: after five, even the right one is refused', async () => {
      const user = await googleOnly();
      const code = await securityCode(user);
      const wrong = code === '000000' ? '111111' : '000000';
      const messages: string[] = [];
      for (let i = 0; i < 5; i++) {
        const answer = await keyByCode(user, 'A', wrong);
        expect(answer.statusCode).toBe(400);
        expect(fieldOf(answer)).toBe('body.emailCode');
        messages.push(answer.json().message);
      }
      expect(messages.at(-1)).toMatch(/too many wrong codes/i);
      const right = await keyByCode(user, 'A', code);
      expect(right.statusCode).toBe(400);
      // The session survived every wrong try.
      expect((await as(user.token, 'GET', '/profile')).statusCode).toBe(200);
    });
  });

  describe('turning two-factor on', () => {
    it('asks for the password: missing or wrong is a 400 naming it, and the session stays', async () => {
      const user = await desk.newUser();
      const secret = await pendingSecret(user.token);
      const missing = await activate(user.token, secret);
      expect(missing.statusCode).toBe(400);
      expect(fieldOf(missing)).toBe('body.currentPassword');
      const wrong = await activate(user.token, secret, { currentPassword: 'not the password' });
      expect(wrong.statusCode).toBe(400);
      expect(fieldOf(wrong)).toBe('body.currentPassword');
      expect((await as(user.token, 'GET', '/profile')).json().data.tfaEnabled).toBe(false);
      const right = await activate(user.token, secret, { currentPassword: user.password });
      expect(right.statusCode, right.body).toBe(200);
    });

    it('keeps the pending secret to the session that asked for it', async () => {
      const user = await desk.newUser();
      const other = await signIn(desk.t.app, user);
      const secret = await pendingSecret(user.token);
      const stolen = await activate(other, secret, { currentPassword: user.password });
      expect(stolen.statusCode).toBe(400);
      expect(fieldOf(stolen)).toBe('body.code');
      expect((await as(other, 'GET', '/profile')).json().data.tfaEnabled).toBe(false);
      // Asking again from the other session moves the pending secret there: the first cannot use it.
      const second = await pendingSecret(other);
      const first = await activate(user.token, second, { currentPassword: user.password });
      expect(fieldOf(first)).toBe('body.code');
      const own = await activate(other, second, { currentPassword: user.password });
      expect(own.statusCode, own.body).toBe(200);
    });

    it('asks an account without a password for the e-mailed code', async () => {
      const user = await googleOnly();
      const secret = await pendingSecret(user.token);
      const missing = await activate(user.token, secret);
      expect(missing.statusCode).toBe(400);
      expect(fieldOf(missing)).toBe('body.emailCode');
      const right = await activate(user.token, secret, { emailCode: await securityCode(user) });
      expect(right.statusCode, right.body).toBe(200);
    });
  });

  describe('API keys', () => {
    it('are created only with the password, and the second factor when it is on', async () => {
      const user = await desk.newUser();
      const bare = await as(user.token, 'POST', '/profile/api-keys', { label: 'Bot', scopes: ['read'] });
      expect(bare.statusCode).toBe(400);
      expect(fieldOf(bare)).toBe('body.currentPassword');
      expect((await as(user.token, 'GET', '/profile')).statusCode).toBe(200);

      const guarded = await createUser(desk.t.app, desk.mailbox, { tfa: true });
      const body = { label: 'Bot', scopes: ['read'], currentPassword: guarded.password };
      const noCode = await as(guarded.token, 'POST', '/profile/api-keys', body);
      expect(noCode.statusCode).toBe(400);
      expect(fieldOf(noCode)).toBe('body.tfaCode');
      const wrongPassword = await as(guarded.token, 'POST', '/profile/api-keys', {
        ...body,
        currentPassword: 'wrong',
        tfaCode: guarded.recoveryCodes?.[0],
      });
      expect(fieldOf(wrongPassword)).toBe('body.currentPassword');
      // The wrong password did not use up the recovery code.
      const withCode = await as(guarded.token, 'POST', '/profile/api-keys', {
        ...body,
        tfaCode: guarded.recoveryCodes?.[0],
      });
      expect(withCode.statusCode, withCode.body).toBe(201);
    });

    it('a read-only key reads the profile without the anti-phishing phrase', async () => {
      const user = await desk.newUser();
      await as(user.token, 'PUT', '/profile/anti-phishing', { phrase: 'blue moon' });
      expect((await as(user.token, 'GET', '/profile')).json().data.antiPhishingPhrase).toBe('blue moon');
      const read = await readProfile(await newKey(user));
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().data.email).toBe(user.email);
      expect(read.json().data.antiPhishingPhrase).toBeNull();
    });

    const events: Array<[string, (user: TestUser) => Promise<void>]> = [
      [
        'a password reset',
        async (user) => {
          const reset = await resetPassword(user);
          expect(reset.statusCode, reset.body).toBe(200);
        },
      ],
      [
        'a password change',
        async (user) => {
          const changed = await as(user.token, 'PUT', '/profile/password', {
            currentPassword: user.password,
            newPassword: NEW_PASSWORD,
          });
          expect(changed.statusCode, changed.body).toBe(200);
        },
      ],
      [
        'two-factor turned on',
        async (user) => {
          const secret = await pendingSecret(user.token);
          const on = await activate(user.token, secret, { currentPassword: user.password });
          expect(on.statusCode, on.body).toBe(200);
        },
      ],
      [
        'two-factor turned off',
        async (user) => {
          const off = await as(user.token, 'POST', '/auth/2fa/deactivate', {
            password: user.password,
            code: user.recoveryCodes?.[0],
          });
          expect(off.statusCode, off.body).toBe(200);
        },
      ],
      [
        'signing out everywhere',
        async (user) => {
          const out = await as(user.token, 'DELETE', '/profile/sessions');
          expect(out.statusCode, out.body).toBe(200);
        },
      ],
    ];

    it.each(events)('are all revoked by %s, and the owner is told by e-mail', async (event, act) => {
      const user =
        event === 'two-factor turned off'
          ? await createUser(desk.t.app, desk.mailbox, { tfa: true })
          : await desk.newUser();
      const reader = await newKey(user);
      const trader = await newKey(user, ['read', 'trade']);
      expect((await readProfile(reader)).statusCode).toBe(200);
      const mail = await mailAfter(user.email, /API keys were revoked/i, () => act(user));
      expect(mail.text).toMatch(/All 2 of your API keys were revoked/);
      for (const key of [reader, trader]) expect((await readProfile(key)).statusCode).toBe(401);
      expect(mailsTo(user.email, /API keys were revoked/i)).toHaveLength(1);
    });
  });

  describe('passkeys', () => {
    it('ask a Google-only account for the e-mailed code, and name the second factor tfaCode', async () => {
      const user = await googleOnly();
      const missing = await as(user.token, 'POST', '/profile/passkeys/options', {});
      expect(missing.statusCode).toBe(400);
      expect(fieldOf(missing)).toBe('body.emailCode');
      const right = await as(user.token, 'POST', '/profile/passkeys/options', {
        emailCode: await securityCode(user),
      });
      expect(right.statusCode, right.body).toBe(200);
      expect(right.json().data.challenge).toMatch(/^[\w-]{20,}$/);

      const guarded = await createUser(desk.t.app, desk.mailbox, { tfa: true });
      const noCode = await as(guarded.token, 'POST', '/profile/passkeys/options', {
        currentPassword: guarded.password,
      });
      expect(fieldOf(noCode)).toBe('body.tfaCode');
    });
  });

  describe('the cooling-off after two-factor is turned on', () => {
    const resetWith = (user: TestUser, removeTwoFactor: boolean) => resetPassword(user, { removeTwoFactor });
    const tfaOf = async (user: TestUser) =>
      (await db().select({ on: users.tfaEnabled }).from(users).where(eq(users.id, user.id)))[0]?.on;

    it('lets a reset within 24 hours remove two-factor; withdrawals are then held for review', async () => {
      const user = await desk.newUser();
      await desk.setQuote('TRX_USDT', 1200, 1200, 'crp', 4);
      await w.fund(user, '500');
      await w.knownAddress(user, { coin: 'tron', network: 'tron', address: TRON_TO });
      const secret = await pendingSecret(user.token);
      await activate(user.token, secret, { currentPassword: user.password });
      expect(await tfaOf(user)).toBe(true);

      const reset = await resetWith(user, true);
      expect(reset.statusCode, reset.body).toBe(200);
      expect(await tfaOf(user)).toBe(false);
      const signin = await desk.t.app.inject({
        method: 'POST',
        url: '/auth/signin',
        payload: { email: user.email, password: NEW_PASSWORD },
        remoteAddress: randomIp(),
      });
      const token = signin.json().data.token;
      const owner = { ...user, password: NEW_PASSWORD, token };
      expect((await as(token, 'GET', '/profile')).json().data.tfaEnabled).toBe(false);
      const after = await w.withdraw(owner, {
        coin: 'tron',
        network: 'tron',
        address: TRON_TO,
        amount: '20',
      });
      expect(after.confirmed?.json().data).toMatchObject({ status: 'suspicous' });
    });

    it('refuses it after 24 hours, naming the field, and changes nothing', async () => {
      const user = await createUser(desk.t.app, desk.mailbox, { tfa: true });
      await db()
        .update(users)
        .set({ tfaChangedAt: sql`now() - interval '25 hours'` })
        .where(eq(users.id, user.id));
      const refused = await resetWith(user, true);
      expect(refused.statusCode).toBe(400);
      expect(fieldOf(refused)).toBe('body.removeTwoFactor');
      expect(await tfaOf(user)).toBe(true);
      // The same reset without the flag goes through, and two-factor stays.
      expect((await resetWith(user, false)).statusCode).toBe(200);
      expect(await tfaOf(user)).toBe(true);
    });
  });
});
