import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createUser, uniqueEmail } from '../../testing/accounts';
import { useAuthWorld } from '../../testing/auth-world';
import { pollUntil } from '../../testing/poll';
import { codeIn } from '../../testing/test-mailbox';
import { signupDecoys } from './auth.schema';
import { createCodeHasher, resetDecoyId } from './codes';
import { argon2, DUMMY_PASSWORD_HASH } from './passwords';

describe('whether an address has an account is not told', () => {
  const { world, postFrom, answerOf } = useAuthWorld();

  /** Every answer of one address's password-reset tries, all from one network. */
  const resetAnswers = async (email: string, ip: string, tries: number, realCode = '') => {
    const answers: string[] = [];
    for (let i = 0; i < tries; i++) {
      const guess = String(100000 + i);
      const response = await postFrom(ip, '/auth/reset-password', {
        email,
        // Each try a wrong code, the same ones for both addresses.
        code: guess === realCode ? '999999' : guess,
        password: 'Fresh#Secret42x',
      });
      answers.push(answerOf(response));
    }
    return answers;
  };

  it('answers password-reset codes for a real and an unknown address alike, through the lockout', async () => {
    const user = await createUser(world.t.app, world.mailbox);
    const stranger = uniqueEmail('nobody');
    await postFrom('198.51.100.10', '/auth/forgot-password', { email: user.email });
    await postFrom('198.51.100.11', '/auth/forgot-password', { email: stranger });
    // The real code is mailed; the unknown address's decoy is written (both after the answer).
    const mail = await world.mailbox.waitFor(user.email, /password reset/i);
    const decoyId = resetDecoyId(createCodeHasher(world.t.deps.jwtSecret), stranger);
    await pollUntil(
      async () =>
        (await world.t.deps.db.db.select().from(signupDecoys).where(eq(signupDecoys.id, decoyId))).length ===
        1,
      { what: "the unknown address's decoy" },
    );
    const realCode = codeIn(mail);

    // Through the wrong-code lockout (5 tries) and the per-address limit (10), one network each.
    const real = await resetAnswers(user.email, '198.51.100.20', 12, realCode);
    const unknown = await resetAnswers(stranger, '198.51.100.21', 12, realCode);
    expect(unknown, JSON.stringify(real)).toEqual(real);
    // The fifth wrong code uses the tries up; the limit per address refuses the eleventh request.
    expect(real.slice(0, 4)).toEqual(Array(4).fill('400 The code is incorrect or has expired'));
    expect(real.slice(4, 10)).toEqual(
      Array(6).fill('400 Too many wrong codes. Request a new code and try again'),
    );
    expect(real.slice(10)).toEqual([expect.stringMatching(/^429 /), expect.stringMatching(/^429 /)]);

    // A new code starts the tries again for both alike.
    await postFrom('198.51.100.12', '/auth/forgot-password', { email: stranger });
    await pollUntil(
      async () =>
        (await world.t.deps.db.db.select().from(signupDecoys).where(eq(signupDecoys.id, decoyId)))[0]
          ?.attempts === 0,
      { what: 'the renewed decoy' },
    );
  });

  it('answers an address that never asked for a code as a real one that did not', async () => {
    const user = await createUser(world.t.app, world.mailbox);
    const real = await resetAnswers(user.email, '198.51.100.30', 7);
    const unknown = await resetAnswers(uniqueEmail('never'), '198.51.100.31', 7);
    expect(unknown).toEqual(real);
    expect(new Set(real)).toEqual(new Set(['400 The code is incorrect or has expired']));
  });

  it('verifies a password hash for an unknown address, as for a wrong password', async () => {
    // Every password hash the app verifies goes through the real argon2, watched.
    const verify = vi.spyOn(argon2, 'verify');
    onTestFinished(() => verify.mockRestore());
    const unknown = await postFrom('198.51.100.40', '/auth/signin', {
      email: uniqueEmail('ghost'),
      password: 'Guess#Pass123',
    });
    expect(answerOf(unknown)).toBe('401 Email or password is incorrect');
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify).toHaveBeenCalledWith(DUMMY_PASSWORD_HASH, 'Guess#Pass123');

    const user = await createUser(world.t.app, world.mailbox);
    verify.mockClear();
    const wrong = await postFrom('198.51.100.41', '/auth/signin', {
      email: user.email,
      password: 'Guess#Pass123',
    });
    expect(answerOf(wrong)).toBe(answerOf(unknown));
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]?.[0]).not.toBe(DUMMY_PASSWORD_HASH);
  });
});
