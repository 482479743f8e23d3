// Signed-in sessions in bulk for load tests and benchmarks, written straight to the database
// rather than through sign-up and sign-in, so thousands of them cost no password hashing.
import { randomUUID } from 'node:crypto';
import { TOKEN_TTL_S } from '@td/contracts/auth';
import { USER_CODE } from '@td/contracts/statuses';
import pino from 'pino';
import { sessions, users } from '../modules/auth/auth.schema';
import { newReferralCode } from '../modules/auth/auth-rules';
import { createTokenService } from '../modules/auth/tokens';
import { openDatabase } from '../platform/db/client';
import { MIGRATIONS_DIR } from '../platform/paths';
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

/**
 * `count` verified traders with one signed-in session each, written straight to the PostgreSQL
 * database at `databaseUrl` (already migrated by a running process): their normal tokens, signed
 * with that deployment's JWT_SECRET. For load: thousands of distinct users without a sign-up each.
 */
export async function seedTraders(databaseUrl: string, jwtSecret: string, count: number): Promise<string[]> {
  const handle = await openDatabase(
    { kind: 'postgres', url: databaseUrl },
    { migrationsDir: MIGRATIONS_DIR, logger: pino({ level: 'silent' }) },
  );
  const tokens = createTokenService(new TextEncoder().encode(jwtSecret));
  const expiresAt = new Date(Date.now() + TOKEN_TTL_S.normal * 1000);
  const run = randomUUID().slice(0, 8);
  const signed: string[] = [];
  try {
    for (let from = 0; from < count; from += INSERT_BATCH) {
      const size = Math.min(INSERT_BATCH, count - from);
      const people = await handle.db
        .insert(users)
        .values(
          Array.from({ length: size }, (_, i) => ({
            email: `load${run}${from + i}@gmail.com`,
            firstName: 'Load',
            lastName: 'Tester',
            referralCode: newReferralCode(),
            emailVerifiedAt: new Date(),
          })),
        )
        .returning({ id: users.id });
      const rows = await handle.db
        .insert(sessions)
        .values(
          people.map((person) => ({
            userId: person.id,
            stage: 'active' as const,
            ip: '127.0.0.1',
            userAgent: 'load test',
            expiresAt,
          })),
        )
        .returning({ id: sessions.id, userId: sessions.userId });
      signed.push(
        ...(await Promise.all(
          rows.map((row) =>
            tokens.sign({ sub: row.userId, sid: row.id, type: 'normal', status: USER_CODE.active }),
          ),
        )),
      );
    }
  } finally {
    await handle.close();
  }
  return signed;
}
