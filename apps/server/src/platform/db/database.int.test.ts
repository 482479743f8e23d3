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

  // The embedded database prepares a statement sent again and runs it by name from then on: every
  // later answer must be the first one's, whatever the values, the errors or the schema do.
  it('answers a statement sent again and again as it answered the first time', async () => {
    for (let i = 0; i < 4; i++) {
      const at = new Date(Date.UTC(2026, 0, 1 + i, 12, 30));
      const value = { i, note: i % 2 === 0 ? null : `n${i}`, nested: { list: [i, 'x'] } };
      await handle.db.insert(settings).values({ name: `repeated-${i}`, value, updatedAt: at });
      const [row] = await handle.db
        .select()
        .from(settings)
        .where(sql`${settings.name} = ${`repeated-${i}`}`);
      expect(row).toEqual({ name: `repeated-${i}`, value, updatedAt: at });
      // The same key again: PostgreSQL's error with its fields, each time.
      const error = await handle.db
        .insert(settings)
        .values({ name: `repeated-${i}`, value: {} })
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ cause: { code: '23505', constraint: 'settings_pkey' } });
      const raw = await handle.query<{ total: string | number; nothing: null }>(
        'select count(*)::int + $1::int as total, $2::text as nothing from settings where name like $3',
        [i, null, 'repeated-%'],
      );
      expect(raw).toEqual([{ total: 2 * i + 1, nothing: null }]);
      // Values given as they are (a time, an object for JSON) are written in each type's own form.
      const [typed] = await handle.query<{ at: Date; doc: unknown }>(
        'select $1::timestamptz as at, $2::jsonb as doc',
        [at, value],
      );
      expect({ at: new Date(typed?.at ?? Number.NaN), doc: typed?.doc }).toEqual({ at, doc: value });
    }
    // A table's columns change under a statement already run: the next answer has the new ones.
    await handle.query('create table reshaped (id int primary key)', []);
    await handle.query('insert into reshaped (id) values ($1)', [1]);
    for (let i = 0; i < 3; i++) {
      expect(await handle.query('select * from reshaped where id = $1', [1])).toEqual([{ id: 1 }]);
    }
    await handle.query('alter table reshaped add column label text', []);
    expect(await handle.query('select * from reshaped where id = $1', [1])).toEqual([{ id: 1, label: null }]);
    // More distinct statements than are kept prepared, each sent twice, then the first again.
    const sums = async (from: number, to: number) => {
      const answers: number[] = [];
      for (let n = from; n < to; n++) {
        for (let time = 0; time < 2; time++) {
          const [row] = await handle.query<{ v: number }>(`select $1::int + ${n} as v`, [1]);
          answers.push(row?.v ?? Number.NaN);
        }
      }
      return answers;
    };
    const expected = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, k) => [from + k + 1, from + k + 1]).flat();
    expect(await sums(0, 260)).toEqual(expected(0, 260));
    expect(await sums(0, 5)).toEqual(expected(0, 5));
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
