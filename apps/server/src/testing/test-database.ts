import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import pino from 'pino';
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from '../platform/db/client';
import { MIGRATIONS_DIR } from '../platform/paths';

export { MIGRATIONS_DIR };

/** The PostgreSQL server tests create their databases on (trust auth on this machine and CI's). */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The Redis server tests share for the bus, rate limits and stream sessions (its own keys per test). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Which database the integration project runs on: `pglite` (in memory) or `postgres` (a real server). */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export interface TestDatabase {
  target: DatabaseTarget;
  /** The connection string of the fresh database, on PostgreSQL. */
  url: string | undefined;
  /** Drops the database (PostgreSQL); PGlite's memory simply goes. */
  drop(): Promise<void>;
}

/**
 * An embedded database initialised and migrated once per test worker, dumped: each test file's
 * in-memory PGlite starts from it instead of running `initdb` (about two seconds each) and every
 * migration again. Kept across the worker's files (the integration workers keep their modules).
 */
let pgliteImage: Promise<Blob> | undefined;

async function makePgliteImage(): Promise<Blob> {
  const database = await PGlite.create();
  try {
    await migrate(drizzle({ client: database }), { migrationsFolder: MIGRATIONS_DIR });
    return await database.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

/**
 * A fresh, empty database for one test file: `CREATE DATABASE t_<random>` on the PostgreSQL server
 * (dropped after), or an in-memory PGlite (from the worker's migrated image). A PostgreSQL server
 * that does not answer fails the test: a missing database is never a silent skip.
 */
export async function createTestDatabase(kind = testDatabaseKind()): Promise<TestDatabase> {
  if (kind === 'pglite') {
    pgliteImage ??= makePgliteImage();
    const image = await pgliteImage.catch((error: unknown) => {
      pgliteImage = undefined;
      throw error;
    });
    return { target: { kind: 'pglite', image }, url: undefined, drop: async () => undefined };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_POSTGRES_URL} (${(error as Error).message}); start it, or set TEST_POSTGRES_URL`,
    );
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A fresh database, opened and migrated. */
export async function openTestDatabase(kind = testDatabaseKind()): Promise<{
  handle: DatabaseHandle;
  database: TestDatabase;
  close(): Promise<void>;
}> {
  const database = await createTestDatabase(kind);
  const handle = await openDatabase(database.target, {
    migrationsDir: MIGRATIONS_DIR,
    logger: pino({ level: 'silent' }),
  });
  return {
    handle,
    database,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}
