import { USER_CODE } from '@td/contracts/statuses';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { bearer, createUser } from '../../testing/accounts';
import { useAuthWorld } from '../../testing/auth-world';
import { openSessions } from '../../testing/sessions';
import { testDatabaseKind } from '../../testing/test-database';
import { createAuthRepository } from './auth.repository';
import { sessions, users } from './auth.schema';
import { createAuthenticator } from './authenticate';
import { createTokenService } from './tokens';

/**
 * Requests arriving together read their sessions in one query and write "last seen" in one
 * statement: each session still gets its own address and time, and a revoked one is refused at once.
 */
describe('sessions read and touched together', () => {
  const { world } = useAuthWorld();

  it('records each session its own address when many are touched in one statement', async () => {
    const user = await createUser(world.t.app, world.mailbox);
    const tokens = await openSessions(world.t, user.id, 30);
    const addresses = tokens.map((_, i) => `203.0.113.${i + 1}`);
    const answers = await Promise.all(
      tokens.map((token, i) =>
        world.t.app.inject({
          method: 'GET',
          url: '/profile',
          headers: bearer(token),
          remoteAddress: addresses[i],
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(tokens.map(() => 200));
    const ids = tokens.map(
      (token) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid,
    );
    const rows = await world.t.deps.db.db
      .select({ id: sessions.id, ip: sessions.ip, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(inArray(sessions.id, ids));
    const ipOf = new Map(rows.map((row) => [row.id, row.ip]));
    expect(ids.map((id) => ipOf.get(id))).toEqual(addresses);
  });

  it('refuses a session revoked while others in the same crowd are served', async () => {
    const user = await createUser(world.t.app, world.mailbox);
    const tokens = await openSessions(world.t, user.id, 10);
    const revoked = tokens[3] as string;
    const logout = await world.t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: bearer(revoked),
    });
    expect(logout.statusCode).toBe(200);
    const answers = await Promise.all(
      tokens.map((token) => world.t.app.inject({ method: 'GET', url: '/profile', headers: bearer(token) })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(
      tokens.map((token) => (token === revoked ? 401 : 200)),
    );
  });
});

/**
 * On the embedded database, which sees every write, a session is read once and kept until anything
 * writes sessions or users; on PostgreSQL, written by other processes too, every request reads it.
 * Either way a request sees its session and user as they are when it asks.
 */
describe('a session kept between requests', () => {
  const { world } = useAuthWorld();
  const isEmbedded = testDatabaseKind() === 'pglite';

  /** The `user` guard over a repository whose session reads are counted, and a request for it. */
  const guarded = async () => {
    const user = await createUser(world.t.app, world.mailbox);
    const [token] = await openSessions(world.t, user.id, 1);
    const sessionId = JSON.parse(Buffer.from(token?.split('.')[1] ?? '', 'base64url').toString()).sid;
    const repo = createAuthRepository(world.t.deps.db.db);
    const reads = vi.spyOn(repo, 'findSessionsWithUsers');
    const guard = createAuthenticator(createTokenService(world.t.deps.jwtSecret), repo, {
      watchWrites: world.t.deps.db.watchWrites,
    }).user;
    /** The guard's own answer to a request with the session's token: nothing when it waits for nothing. */
    const ask = () =>
      guard({
        headers: { authorization: `Bearer ${token}` },
        ip: '203.0.113.7',
      } as unknown as FastifyRequest);
    const status = async () => {
      try {
        await ask();
        return 200;
      } catch (error) {
        return (error as { status: number }).status;
      }
    };
    // The first request reads the session, then writes its "last seen" (a write to sessions).
    expect(await status()).toBe(200);
    reads.mockClear();
    return { userId: user.id, sessionId, reads, status, ask };
  };

  it('reads a session once while nothing writes, and again after any write to sessions or users', async () => {
    const { userId, reads, status } = await guarded();
    for (let i = 0; i < 3; i++) expect(await status()).toBe(200);
    expect(reads).toHaveBeenCalledTimes(isEmbedded ? 1 : 3);
    // A write to another user's row counts: the watch knows tables, not rows.
    const other = await createUser(world.t.app, world.mailbox);
    await world.t.deps.db.db.update(users).set({ language: 'es' }).where(eq(users.id, other.id));
    reads.mockClear();
    expect(await status()).toBe(200);
    expect(reads).toHaveBeenCalledTimes(1);
    // Suspended in a transaction that is rolled back: still in; once committed: out at once.
    await world.t.deps.db.db
      .transaction(async (tx) => {
        await tx.update(users).set({ status: USER_CODE.suspended }).where(eq(users.id, userId));
        throw new Error('abort');
      })
      .catch(() => undefined);
    expect(await status()).toBe(200);
    await world.t.deps.db.db.update(users).set({ status: USER_CODE.suspended }).where(eq(users.id, userId));
    expect(await status()).toBe(403);
  });

  it('refuses a kept session at once when it is revoked by a statement written by hand', async () => {
    const { sessionId, status } = await guarded();
    expect(await status()).toBe(200);
    await world.t.deps.db.query('update sessions set revoked_at = now() where id = $1', [sessionId]);
    expect(await status()).toBe(401);
  });

  it('decides a kept session without waiting, letting it in or throwing it out (on PostgreSQL, after reading it)', async () => {
    const { userId, reads, status, ask } = await guarded();
    // Kept, and its "last seen" written a moment ago: nothing to wait for.
    expect(await status()).toBe(200);
    const answer = ask();
    if (isEmbedded) expect(answer).toBeUndefined();
    else expect(answer).toBeInstanceOf(Promise);
    await answer;
    // Suspended: the write drops the kept row, the next request reads it, and the one after is
    // refused from the kept row at once.
    await world.t.deps.db.db.update(users).set({ status: USER_CODE.suspended }).where(eq(users.id, userId));
    reads.mockClear();
    expect(await status()).toBe(403);
    if (isEmbedded) expect(() => ask()).toThrow(expect.objectContaining({ status: 403 }));
    else await expect(ask()).rejects.toMatchObject({ status: 403 });
    expect(reads).toHaveBeenCalledTimes(isEmbedded ? 1 : 2);
  });
});
