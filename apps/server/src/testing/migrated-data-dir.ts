import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { openDatabase } from '../platform/db/client';
import { MIGRATIONS_DIR, PGLITE_TEMPLATE } from '../platform/paths';

/**
 * A data directory whose embedded database exists and is migrated, made once per test worker (the
 * integration workers keep their modules from one file to the next) and removed when it exits.
 */
let migrated: Promise<string> | undefined;

async function makeMigrated(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'td-proc-migrated-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const handle = await openDatabase(
    { kind: 'pglite', dir: join(dir, 'db') },
    { migrationsDir: MIGRATIONS_DIR, pgliteTemplate: PGLITE_TEMPLATE, logger: pino({ level: 'silent' }) },
  );
  await handle.close();
  return dir;
}

/**
 * A new data directory holding a copy of a migrated embedded database: a server started on it
 * opens the database as a restart does, without a first start's `initdb` and every migration (the
 * tests of that first start use an empty directory). Nothing else of a first start is in it.
 */
export async function migratedDataDir(): Promise<string> {
  migrated ??= makeMigrated();
  const source = await migrated.catch((error: unknown) => {
    migrated = undefined;
    throw error;
  });
  const dir = mkdtempSync(join(tmpdir(), 'td-proc-'));
  cpSync(join(source, 'db'), join(dir, 'db'), { recursive: true });
  return dir;
}
