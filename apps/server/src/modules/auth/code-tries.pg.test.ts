import { CODE_ATTEMPTS_MAX } from '@td/contracts/auth';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, GOOD_PASSWORD, randomIp, uniqueEmail } from '../../testing/accounts';
import { pollUntil } from '../../testing/poll';
import { codeIn } from '../../testing/test-mailbox';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { ETH_WITHDRAWAL, walletHelpers } from '../../testing/wallet';
import { createAuthRepository } from './auth.repository';
import { signupDecoys, verificationCodes } from './auth.schema';
import { createCodeHasher, resetDecoyId } from './codes';

// Parallel guesses at one e-mailed code, on PostgreSQL (PGlite runs one statement at a time and
// would hide the race): each try is claimed before it is compared, so no more than
// CODE_ATTEMPTS_MAX guesses are ever compared, whatever arrives at once.

const GUESSES = 300;
const WRONG = 'The code is incorrect or has expired';
const TOO_MANY = 'Too many wrong codes. Request a new code and try again';

type Reply = { statusCode: number; json: () => { message: string } };

/** How the parallel answers split: "incorrect", and the rest (too many, or refused by a limit). */
function tally(replies: Reply[]) {
  const incorrect = replies.filter((r) => r.statusCode === 400 && r.json().message === WRONG).length;
  const stopped = replies.filter(
    (r) => (r.statusCode === 400 && r.json().message === TOO_MANY) || r.statusCode === 429,
  ).length;
  return { incorrect, stopped, total: replies.length };
}

describe('parallel guesses at an e-mailed code', () => {
  const desk = useTradingDesk();
  beforeAll(async () => {
    await desk.setQuote('ETH_USDT', 300_000, 300_000);
  });

  const triesCounted = async (userId: string, purpose: 'email_verify' | 'password_reset' | 'withdrawal') => {
    const rows = await desk.t.deps.db.db
      .select({ attempts: verificationCodes.attempts })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)));
    return rows.map((row) => row.attempts);
  };
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

  it(`withdrawal: ${GUESSES} wrong codes at once get at most ${CODE_ATTEMPTS_MAX} "incorrect", and no more are compared`, async () => {
    const user = await desk.newUser();
    const w = walletHelpers(desk);
    const created = await w.fundAndRequest(user, '1000', ETH_WITHDRAWAL);
    const id: string = created.json().data.id;
    const code = await w.withdrawalCode(user, id);
    const replies = await Promise.all(
      Array.from({ length: GUESSES }, () =>
        desk.call(user, 'POST', `/wallet/withdrawals/${id}/confirm`, { emailCode: wrongFor(code) }),
      ),
    );
    const { incorrect, stopped, total } = tally(replies);
    expect(incorrect).toBeLessThanOrEqual(CODE_ATTEMPTS_MAX);
    expect(incorrect + stopped).toBe(total);
    expect(await triesCounted(user.id, 'withdrawal')).toEqual([CODE_ATTEMPTS_MAX]);
  });

  it(`e-mail verification: ${GUESSES} wrong codes at once are compared at most ${CODE_ATTEMPTS_MAX} times`, async () => {
    const email = uniqueEmail('race');
    const signup = await desk.t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { email, password: GOOD_PASSWORD, firstName: 'A', lastName: 'B' },
      remoteAddress: randomIp(),
    });
    const token: string = signup.json().data.token;
    const code = codeIn(await desk.mailbox.waitFor(email, /Verify/));
    const replies = await Promise.all(
      Array.from({ length: GUESSES }, () =>
        desk.t.app.inject({
          method: 'POST',
          url: '/auth/verify-email',
          payload: { code: wrongFor(code) },
          headers: bearer(token),
          remoteAddress: randomIp(),
        }),
      ),
    );
    const { incorrect, stopped, total } = tally(replies);
    expect(incorrect).toBeLessThanOrEqual(CODE_ATTEMPTS_MAX);
    expect(incorrect + stopped).toBe(total);
    const [attempts] = await triesCounted(String(decodeJwt(token).sub), 'email_verify');
    expect(attempts).toBeLessThanOrEqual(CODE_ATTEMPTS_MAX);
  });

  it(`password reset: ${GUESSES} wrong codes at once are compared at most ${CODE_ATTEMPTS_MAX} times`, async () => {
    const user = await desk.newUser();
    await desk.t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: user.email },
      remoteAddress: randomIp(),
    });
    const code = codeIn(await desk.mailbox.waitFor(user.email, /password reset/i));
    const replies = await Promise.all(
      Array.from({ length: GUESSES }, () =>
        desk.t.app.inject({
          method: 'POST',
          url: '/auth/reset-password',
          payload: { email: user.email, code: wrongFor(code), password: 'New#Secret42x' },
          remoteAddress: randomIp(),
        }),
      ),
    );
    const { incorrect, stopped, total } = tally(replies);
    expect(incorrect).toBeLessThanOrEqual(CODE_ATTEMPTS_MAX);
    expect(incorrect + stopped).toBe(total);
    const [attempts] = await triesCounted(user.id, 'password_reset');
    expect(attempts).toBeLessThanOrEqual(CODE_ATTEMPTS_MAX);
  });

  it(`password reset of an unknown address: ${GUESSES} wrong codes at once count at most ${CODE_ATTEMPTS_MAX} on its decoy`, async () => {
    const email = uniqueEmail('nobody');
    await desk.t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email },
      remoteAddress: randomIp(),
    });
    const decoyId = resetDecoyId(createCodeHasher(desk.t.deps.jwtSecret), email);
    const decoyOf = async () =>
      (await desk.t.deps.db.db.select().from(signupDecoys).where(eq(signupDecoys.id, decoyId)))[0];
    await pollUntil(async () => (await decoyOf()) !== undefined, { what: 'the decoy' });
    const replies = await Promise.all(
      Array.from({ length: GUESSES }, () =>
        desk.t.app.inject({
          method: 'POST',
          url: '/auth/reset-password',
          payload: { email, code: '123456', password: 'New#Secret42x' },
          remoteAddress: randomIp(),
        }),
      ),
    );
    const { incorrect, stopped, total } = tally(replies);
    // The same split a real address's code gives: at most 4 "incorrect" before the fifth uses it up.
    expect(incorrect).toBeLessThan(CODE_ATTEMPTS_MAX);
    expect(incorrect + stopped).toBe(total);
    expect((await decoyOf())?.attempts).toBe(CODE_ATTEMPTS_MAX);
  });

  it(`the claim itself: ${GUESSES} claims at once on one code, exactly ${CODE_ATTEMPTS_MAX} granted`, async () => {
    const user = await desk.newUser();
    const repo = createAuthRepository(desk.t.deps.db.db);
    await repo.replaceCode({
      userId: user.id,
      purpose: 'password_reset',
      codeHash: 'not-a-real-hash',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const claims = await Promise.all(
      Array.from({ length: GUESSES }, () =>
        repo.claimCodeTry(user.id, 'password_reset', undefined, CODE_ATTEMPTS_MAX),
      ),
    );
    const granted = claims.filter((claim) => claim !== undefined);
    expect(granted).toHaveLength(CODE_ATTEMPTS_MAX);
    expect(granted.map((claim) => claim?.attempts).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
