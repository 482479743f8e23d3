import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  MIGRATIONS_DIR,
  type TestDatabase,
  testDatabaseKind,
} from '../../testing/test-database';
import { type DatabaseHandle, openDatabase } from './client';
import { settings } from './schema';

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
});
