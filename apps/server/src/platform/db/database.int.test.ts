import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  MIGRATIONS_DIR,
  type TestDatabase,
  testDatabaseKind,
} from '../../testing/test-database';
import { type DatabaseHandle, openDatabase } from './client';
import { sessions, settings, users } from './schema';

const logger = pino({ level: 'silent' });

describe(`the database on ${testDatabaseKind()}`, () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    // From empty, so that this open runs every migration (other files start from a migrated copy).
    database = await createTestDatabase(testDatabaseKind(), { isEmpty: true });
    handle = await openDatabase(database.target, { migrationsDir: MIGRATIONS_DIR, logger });
  });

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('applies the migrations at open, so the schema is ready to use', async () => {
    await handle.db.insert(settings).values({ name: 'general', value: { maintenance: false } });
    const rows = await handle.db.select().from(settings);
    expect(rows).toEqual([{ name: 'general', value: { maintenance: false }, updatedAt: expect.any(Date) }]);
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(settings).values({ name: 'trading', value: {} });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const names = (await handle.db.select({ name: settings.name }).from(settings)).map((row) => row.name);
    expect(names).not.toContain('trading');
  });

  it('answers ping while open', async () => {
    await expect(handle.ping()).resolves.toBeUndefined();
  });

  // The embedded database sees every write (one process holds it), so it can tell a reader of
  // some tables when they may have changed; PostgreSQL, written by other processes too, cannot.
  it(`${testDatabaseKind() === 'pglite' ? 'tells a watcher of every statement that may write its tables' : 'offers no watch on writes'}`, async () => {
    if (testDatabaseKind() !== 'pglite') {
      expect(handle.watchWrites).toBeUndefined();
      return;
    }
    let heard = 0;
    handle.watchWrites?.(['sessions', 'users'], () => {
      heard += 1;
    });
    const heardBy = async (work: () => Promise<unknown>) => {
      const before = heard;
      await work().catch(() => undefined);
      return heard - before;
    };
    // Reads, and writes of other tables, are not heard of.
    expect(await heardBy(() => handle.db.select().from(users).limit(1))).toBe(0);
    expect(await heardBy(() => handle.query('select count(*) from "sessions"', []))).toBe(0);
    expect(await heardBy(() => handle.db.insert(settings).values({ name: 'watched', value: {} }))).toBe(0);
    // A lock is not a write (an order holds its user's row `for key share` while it is placed).
    expect(
      await heardBy(() =>
        handle.query(
          `with held as (select id from users where false for key share)
           insert into settings (name, value) select 'held', '{}' from held`,
          [],
        ),
      ),
    ).toBe(0);
    // A write is heard of as it is sent and as it is answered, however it is written.
    expect(await heardBy(() => handle.db.update(users).set({ language: 'en' }).where(sql`false`))).toBe(2);
    expect(await heardBy(() => handle.query('delete from sessions where false', []))).toBe(2);
    expect(
      await heardBy(() =>
        handle.query(
          'with gone as (delete from "public"."users" where false returning id) select * from gone',
          [],
        ),
      ),
    ).toBe(2);
    // A failed write may have done nothing, but is heard of alike; so is anything else that names them.
    expect(await heardBy(() => handle.query('update users set no_such_column = 1', []))).toBe(2);
    expect(await heardBy(() => handle.query('vacuum "sessions"', []))).toBe(2);
    // In a transaction: each write, then its end (commit or rollback) as sent and answered.
    expect(
      await heardBy(() =>
        handle.db.transaction(async (tx) => {
          await tx.select().from(settings);
          await tx.update(sessions).set({ ip: '203.0.113.1' }).where(sql`false`);
        }),
      ),
    ).toBe(4);
    expect(
      await heardBy(() =>
        handle.db.transaction(async (tx) => {
          await tx.update(users).set({ language: 'en' }).where(sql`false`);
          throw new Error('abort');
        }),
      ),
    ).toBe(4);
    // A transaction that writes nothing watched ends unheard.
    expect(
      await heardBy(() =>
        handle.db.transaction(async (tx) => {
          await tx.update(settings).set({ value: {} }).where(sql`false`);
        }),
      ),
    ).toBe(0);
  });
});
