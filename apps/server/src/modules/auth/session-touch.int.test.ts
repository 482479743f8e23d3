import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../testing/accounts';
import { useAuthWorld } from '../../testing/auth-world';
import { openSessions } from '../../testing/sessions';
import { sessions } from './auth.schema';

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
