import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { createUser, GOOD_PASSWORD, tokenType, uniqueEmail } from '../../testing/accounts';
import { useAuthWorld } from '../../testing/auth-world';
import { codeIn } from '../../testing/test-mailbox';
import { users } from './auth.schema';

describe('the account system', () => {
  const { world, post, signUp, get, answerOf, wrongFor } = useAuthWorld();

  describe('signup and e-mail verification', () => {
    it('signs up, e-mails a code, and the code opens a normal session', async () => {
      const email = uniqueEmail();
      const signup = await signUp({ email, firstName: 'Ada', lastName: 'Lovelace' });
      expect(signup.statusCode).toBe(201);
      expect(signup.json().message).toBe('Signup successful');
      const emailToken = signup.json().data.token;
      expect(tokenType(emailToken)).toBe('email');

      const mail = await world.mailbox.waitFor(email, /^Verify your email address$/);
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
      const signup = await signUp({ email: `${local}@GMAIL.com` });
      expect(signup.statusCode).toBe(201);
      await world.mailbox.waitFor(`${local.replaceAll('.', '').toLowerCase()}@gmail.com`, /Verify/);
    });

    /** A sign-up and the token of the link it mailed. */
    const signupWithLink = async (password = GOOD_PASSWORD) => {
      const email = uniqueEmail();
      const signup = await signUp({ email, password });
      const mail = await world.mailbox.waitFor(email, /Verify/);
      const link = /token=([\w%-]+)/.exec(mail.text)?.[1] ?? '';
      return { email, password, link, signupToken: signup.json().data.token as string };
    };

    it('verifies through the e-mailed link once, without opening a session', async () => {
      const { email, link } = await signupWithLink();
      const first = await get(`/auth/verify-email?token=${link}`);
      expect(first.json()).toEqual({ message: 'Email verified', data: { token: null } });
      const again = await get(`/auth/verify-email?token=${link}`);
      expect(again.statusCode).toBe(400);
      const [user] = await world.t.deps.db.db.select().from(users).where(eq(users.email, email));
      expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
      expect(user?.passwordUnproven).toBe(true);
    });

    it('after the link alone, the password signs in only with the e-mailed code, then on its own', async () => {
      const { email, password, link } = await signupWithLink();
      await get(`/auth/verify-email?token=${link}`);
      // Whoever chose the password (perhaps not the mailbox owner) gets no session from it alone.
      const signin = await post('/auth/signin', { email, password });
      expect(signin.statusCode).toBe(200);
      const pending = signin.json().data.token;
      expect(tokenType(pending)).toBe('email');
      expect((await get('/profile', pending)).statusCode).toBe(401);
      const code = codeIn(await world.mailbox.waitFor(email, /Confirm your sign-in/));
      const confirmed = await post('/auth/verify-email', { code }, pending);
      expect(tokenType(confirmed.json().data.token)).toBe('normal');
      // The password's holder read the owner's mail: from now on the password is enough.
      const next = await post('/auth/signin', { email, password });
      expect(tokenType(next.json().data.token)).toBe('normal');
    });

    it("opens the session when the link is opened by the browser holding that sign-up's pending token", async () => {
      const { email, password, link, signupToken } = await signupWithLink();
      const other = await signupWithLink();
      // Another account's pending token proves nothing about this one.
      const stranger = await get(`/auth/verify-email?token=${other.link}`, signupToken);
      expect(stranger.json().data).toEqual({ token: null });
      const own = await get(`/auth/verify-email?token=${link}`, signupToken);
      expect(own.json().message).toBe('Email verified');
      expect(tokenType(own.json().data.token)).toBe('normal');
      expect((await get('/profile', own.json().data.token)).statusCode).toBe(200);
      expect(tokenType((await post('/auth/signin', { email, password })).json().data.token)).toBe('normal');
    });

    it('the code typed by the browser that signed up proves the password too', async () => {
      const email = uniqueEmail();
      const signup = await signUp({ email });
      const code = codeIn(await world.mailbox.waitFor(email, /Verify/));
      await post('/auth/verify-email', { code }, signup.json().data.token);
      const [user] = await world.t.deps.db.db.select().from(users).where(eq(users.email, email));
      expect(user?.passwordUnproven).toBe(false);
    });

    it.each([
      [{ email: 'someone@example.com' }, 'body.email'],
      [{ password: 'short' }, 'body.password'],
      [{ firstName: '' }, 'body.firstName'],
      [{ email: 'not an email' }, 'body.email'],
    ])('refuses %o with a 400 naming the field', async (override, field) => {
      const response = await signUp(override);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
      expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
    });

    it('refuses a common password', async () => {
      const response = await signUp({ password: 'Password123' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/too common/);
    });

    it('refuses an unknown referral code', async () => {
      const response = await signUp({ referralCode: 'NOPE1234' });
      expect(response.statusCode).toBe(400);
    });

    it('answers a signup of an existing address like a new one, and tells the owner instead', async () => {
      const owner = await createUser(world.t.app, world.mailbox, { firstName: 'Owner' });
      const again = await signUp({
        email: owner.email,
        password: 'Other#Pass9x',
        firstName: 'X',
        lastName: 'Y',
      });
      expect(again.statusCode).toBe(201);
      expect(again.json().message).toBe('Signup successful');
      expect(tokenType(again.json().data.token)).toBe('email');
      await world.mailbox.waitFor(owner.email, /sign up/i);
      const attempt = await post('/auth/verify-email', { code: '123456' }, again.json().data.token);
      expect(attempt.statusCode).toBe(400);
      expect(attempt.json().message).toBe('The code is incorrect or has expired');
      const resend = await post('/auth/verify-email/resend', undefined, again.json().data.token);
      expect(resend.json().message).toBe('Email sent successfully');
    });

    it('answers a signup of an existing address exactly as a new one, try for try, and leaves the owner alone', async () => {
      // The owner signed up and has not verified yet: their own code must survive the decoy's tries.
      const ownerEmail = uniqueEmail('owner');
      const owner = await signUp({ email: ownerEmail, firstName: 'Owner', lastName: 'O' });
      const ownerCode = codeIn(await world.mailbox.waitFor(ownerEmail, /Verify/));
      const decoy = (
        await signUp({ email: ownerEmail, password: 'Other#Pass9x', firstName: 'X', lastName: 'Y' })
      ).json().data.token;
      const freshEmail = uniqueEmail('fresh');
      const real = (await signUp({ email: freshEmail })).json().data.token;
      let realCode = codeIn(await world.mailbox.waitFor(freshEmail, /Verify/));
      const both = async (url: string, payload?: object) => {
        const realAnswer = answerOf(await post(url, payload, real));
        const decoyAnswer = answerOf(await post(url, payload, decoy));
        expect(decoyAnswer, url).toBe(realAnswer);
        return realAnswer;
      };

      const tries: string[] = [];
      for (let i = 0; i < 6; i++) tries.push(await both('/auth/verify-email', { code: wrongFor(realCode) }));
      expect(tries).toEqual([
        ...Array(4).fill('400 The code is incorrect or has expired'),
        ...Array(2).fill('400 Too many wrong codes. Request a new code and try again'),
      ]);

      // A resend gives a fresh code: its tries start again, for both.
      world.mailbox.clear();
      expect(await both('/auth/verify-email/resend')).toBe('200 Email sent successfully');
      realCode = codeIn(await world.mailbox.waitFor(freshEmail, /Verify/));
      expect(await both('/auth/verify-email', { code: wrongFor(realCode) })).toBe(
        '400 The code is incorrect or has expired',
      );
      // The same limits: three resends, then a wait; ten tries at a code, then a wait.
      await both('/auth/verify-email/resend');
      await both('/auth/verify-email/resend');
      expect(await both('/auth/verify-email/resend')).toMatch(/^429 /);
      for (let i = 0; i < 3; i++) await both('/auth/verify-email', { code: wrongFor(realCode) });
      expect(await both('/auth/verify-email', { code: wrongFor(realCode) })).toMatch(/^429 /);

      // Nothing of this reached the owner: their code and their limits are their own.
      const verified = await post('/auth/verify-email', { code: ownerCode }, owner.json().data.token);
      expect(verified.statusCode, verified.body).toBe(200);
    });

    it('kills a code after 5 wrong tries, even for the right code', async () => {
      const email = uniqueEmail();
      const signup = await signUp({ email });
      const token = signup.json().data.token;
      const code = codeIn(await world.mailbox.waitFor(email, /Verify/));
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++)
        expect((await post('/auth/verify-email', { code: wrong }, token)).statusCode).toBe(400);
      const right = await post('/auth/verify-email', { code }, token);
      expect(right.statusCode).toBe(400);
      expect(right.json().message).toMatch(/Too many wrong codes/);
    });

    it('resends a fresh code that replaces the old one', async () => {
      const email = uniqueEmail();
      const token = (await signUp({ email })).json().data.token;
      const first = codeIn(await world.mailbox.waitFor(email, /Verify/));
      world.mailbox.clear();
      const resend = await post('/auth/verify-email/resend', undefined, token);
      expect(resend.json()).toEqual({ message: 'Email sent successfully', data: null });
      const second = codeIn(await world.mailbox.waitFor(email, /Verify/));
      if (first !== second)
        expect((await post('/auth/verify-email', { code: first }, token)).statusCode).toBe(400);
      expect((await post('/auth/verify-email', { code: second }, token)).statusCode).toBe(200);
    });
  });
});
