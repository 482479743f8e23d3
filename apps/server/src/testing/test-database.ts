// A fresh database per test file, on in-memory PGlite or a real PostgreSQL server (`TEST_DB`),
// copied from an already migrated image or template so each file skips `initdb` and migrations.
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

/**
 * A migrated PostgreSQL database the tier's global setup made (`postgres-template.global-setup.ts`):
 * each test file's database is copied from it (`CREATE DATABASE ... TEMPLATE`, a quarter of a
 * second) instead of running every migration again (about a second). Unset outside that tier
 * (the chaos run, a file run on its own without the setup): databases then migrate at open.
 */
export const POSTGRES_TEMPLATE_ENV = 'TEST_POSTGRES_TEMPLATE';
const TEMPLATE_NAME = /^t_template_[0-9a-f]{12}$/;

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

/** A connection to the PostgreSQL server's maintenance database, for creating and dropping databases. */
async function connectAdmin(): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_POSTGRES_URL} (${(error as Error).message}); start it, or set TEST_POSTGRES_URL`,
    );
  }
  return admin;
}

/** The URL of database `name` on the test server. */
function databaseUrl(name: string): string {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops database `name` on the test server, its connections with it. */
async function dropDatabase(name: string): Promise<void> {
  const client = await connectAdmin();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * Creates a PostgreSQL database and runs every migration on it, for the files' databases to be
 * copied from; nobody stays connected to it (a template in use cannot be copied).
 */
export async function createPostgresTemplate(): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `t_template_${randomBytes(6).toString('hex')}`;
  const admin = await connectAdmin();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase(
    { kind: 'postgres', url: databaseUrl(name) },
    { migrationsDir: MIGRATIONS_DIR, logger: pino({ level: 'silent' }) },
  );
  await handle.close();
  return { name, drop: () => dropDatabase(name) };
}

/**
 * A fresh database for one test file: `CREATE DATABASE t_<random>` on the PostgreSQL server
 * (dropped after), or an in-memory PGlite. Migrated already (copied from the tier's template, or
 * from the worker's PGlite image) unless `isEmpty`: then opening it runs every migration, as a
 * first start does. A PostgreSQL server that does not answer fails the test: a missing database is
 * never a silent skip.
 */
export async function createTestDatabase(
  kind = testDatabaseKind(),
  { isEmpty = false }: { isEmpty?: boolean } = {},
): Promise<TestDatabase> {
  if (kind === 'pglite' && isEmpty)
    return { target: { kind: 'pglite' }, url: undefined, drop: async () => undefined };
  if (kind === 'pglite') {
    pgliteImage ??= makePgliteImage();
    const image = await pgliteImage.catch((error: unknown) => {
      pgliteImage = undefined;
      throw error;
    });
    return { target: { kind: 'pglite', image }, url: undefined, drop: async () => undefined };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = isEmpty ? undefined : process.env[POSTGRES_TEMPLATE_ENV];
  if (template !== undefined && !TEMPLATE_NAME.test(template))
    throw new Error(`${POSTGRES_TEMPLATE_ENV} is not a template this setup made: ${template}`);
  const admin = await connectAdmin();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(name);
  return { target: { kind: 'postgres', url }, url, drop: () => dropDatabase(name) };
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
