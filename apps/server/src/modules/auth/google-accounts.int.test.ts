import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, GOOD_PASSWORD, randomIp, tokenType, totpNow, uniqueEmail } from '../../testing/accounts';
import { useGoogleWorld } from '../../testing/google-world';
import { codeIn } from '../../testing/test-mailbox';
import { sessions, users } from './auth.schema';

/** Someone who registers another person's address with a password of their own. */
const MALLORY = { password: 'Attacker#Pass9', firstName: 'Mallory', lastName: 'M' };
const ADA = { password: GOOD_PASSWORD, firstName: 'Ada', lastName: 'L' };

describe('Google sign-in meeting an account registered with a password', () => {
  const { world, person, post, profileOf, signInAs } = useGoogleWorld();

  it('joins the existing verified account of the same address, and asks for two-factor when it is on', async () => {
    const email = uniqueEmail('both');
    const signup = await post('/auth/signup', { email, ...ADA });
    expect(signup.statusCode).toBe(201);
    const token = (await signInAs(person(email))).json().data.token;
    expect(tokenType(token)).toBe('normal');
    const generated = await world.t.app.inject({
      method: 'GET',
      url: '/auth/2fa/generate',
      headers: bearer(token),
    });
    // The password chosen before the address was proven is gone: an e-mailed code is the proof.
    await world.t.app.inject({ method: 'POST', url: '/profile/security-code', headers: bearer(token) });
    const activated = await world.t.app.inject({
      method: 'POST',
      url: '/auth/2fa/activate',
      headers: bearer(token),
      payload: {
        code: totpNow(generated.json().data.secret),
        emailCode: codeIn(await world.mailbox.waitFor(email, /security code/i)),
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
    const [user] = await world.t.deps.db.db.select().from(users).where(eq(users.email, email));
    expect(user?.passwordHash).toBeNull();
    const live = await world.t.deps.db.db
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
    const code = /\b(\d{6})\b/.exec((await world.mailbox.waitFor(email, /Verify/)).text)?.[1] ?? '';
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
    const link = /token=([\w%-]+)/.exec((await world.mailbox.waitFor(email, /Verify/)).text)?.[1] ?? '';
    const clicked = await world.t.app.inject({
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
    const [user] = await world.t.deps.db.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ passwordHash: null, passwordUnproven: false });
    const rows = await world.t.deps.db.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user?.id ?? ''));
    expect(rows.filter((row) => row.stage === 'email').every((row) => row.revokedAt)).toBe(true);
  });
});
