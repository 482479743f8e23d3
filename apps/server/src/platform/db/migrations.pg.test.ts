import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, MIGRATIONS_DIR } from '../../testing/test-database';
import { openDatabase } from './client';

const logger = pino({ level: 'silent' });

describe('migrations on a PostgreSQL server', () => {
  it('migrate once when several processes open the same database together', async () => {
    const fresh = await createTestDatabase('postgres', { isEmpty: true });
    try {
      const handles = await Promise.all(
        Array.from({ length: 4 }, () =>
          openDatabase(fresh.target, { migrationsDir: MIGRATIONS_DIR, logger }),
        ),
      );
      const first = handles[0];
      if (!first) throw new Error('no handle');
      const result = await first.db.execute(
        sql`select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations`,
      );
      const row = (result as unknown as { rows: Array<{ n: number; d: number }> }).rows[0];
      expect(row?.n).toBeGreaterThan(0);
      expect(row?.n).toBe(row?.d);
      await Promise.all(handles.map((handle) => handle.close()));
    } finally {
      await fresh.drop();
    }
  });

  it('fails with a clear error naming DATABASE_URL when the server does not answer', async () => {
    await expect(
      openDatabase(
        { kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/none' },
        { migrationsDir: MIGRATIONS_DIR, logger },
      ),
    ).rejects.toThrowError(/^DATABASE_URL: cannot connect to PostgreSQL/);
  });
});
