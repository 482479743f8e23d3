import { TOKEN_TTL_S } from '@td/contracts/auth';
import { USER_CODE } from '@td/contracts/statuses';
import { sessions } from '../modules/auth/auth.schema';
import { createTokenService } from '../modules/auth/tokens';
import type { TestApp } from './build-test-app';

const INSERT_BATCH = 1_000;

/**
 * `count` signed-in sessions of one user, written straight to the database (no password hashing
 * per session): their normal tokens, as many devices of a crowd would hold them.
 */
export async function openSessions(t: TestApp, userId: string, count: number): Promise<string[]> {
  const tokens = createTokenService(t.deps.jwtSecret);
  const expiresAt = new Date(Date.now() + TOKEN_TTL_S.normal * 1000);
  const ids: string[] = [];
  for (let from = 0; from < count; from += INSERT_BATCH) {
    const rows = await t.deps.db.db
      .insert(sessions)
      .values(
        Array.from({ length: Math.min(INSERT_BATCH, count - from) }, () => ({
          userId,
          stage: 'active' as const,
          ip: '127.0.0.1',
          userAgent: 'load test',
          expiresAt,
        })),
      )
      .returning({ id: sessions.id });
    ids.push(...rows.map((row) => row.id));
  }
  return Promise.all(
    ids.map((sid) => tokens.sign({ sub: userId, sid, type: 'normal', status: USER_CODE.active })),
  );
}
