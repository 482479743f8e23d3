import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { ConfigError, loadConfig, type TConfig } from './config';
import { APPLICATION_NAME } from './platform/db/client';
import { DataDirInUseError, lockDataDir } from './platform/db/data-dir-lock';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>`.
 *
 * On PostgreSQL (`DATABASE_URL`) a backup is `pg_dump`'s custom format: one consistent snapshot,
 * taken while the servers run. A restore goes into an empty database only, and is refused while
 * any Trading Desk process is connected to it.
 *
 * On the embedded database the backup is the whole `DATA_DIR` (the database, the generated secrets,
 * uploads) as a gzipped tar, taken while no server runs on it; a restore fills an empty `DATA_DIR`
 * and is refused while a server holds it.
 */
class CommandError extends Error {
  override name = 'CommandError';
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'pipe'], env });
  if (result.error) throw new CommandError(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0)
    throw new CommandError(
      `${command} failed: ${result.stderr.toString().trim() || `exit ${result.status}`}`,
    );
}

/** The connection's settings for the PostgreSQL tools, the password never on the command line. */
function pgEnv(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  return {
    ...process.env,
    PGHOST: parsed.hostname,
    PGPORT: parsed.port || '5432',
    PGUSER: decodeURIComponent(parsed.username),
    PGPASSWORD: decodeURIComponent(parsed.password),
    PGDATABASE: decodeURIComponent(parsed.pathname.replace(/^\//, '')),
  };
}

async function postgresState(url: string): Promise<{ processes: number; tables: number }> {
  const client = new pg.Client({ connectionString: url, application_name: 'trading-desk-restore' });
  await client.connect();
  try {
    const processes = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1',
      [APPLICATION_NAME],
    );
    const tables = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')",
    );
    return { processes: processes.rows[0]?.n ?? 0, tables: tables.rows[0]?.n ?? 0 };
  } finally {
    await client.end();
  }
}

const withDataDirLocked = <T>(config: TConfig, what: string, action: () => T): T => {
  let lock: { release(): void };
  try {
    lock = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError)
      throw new CommandError(
        `Refusing to ${what}: a Trading Desk server is running on ${config.dataDir}. Stop it first`,
      );
    throw error;
  }
  try {
    return action();
  } finally {
    lock.release();
  }
};

async function backup(config: TConfig, file: string): Promise<void> {
  if (config.DATABASE_URL) {
    run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`], pgEnv(config.DATABASE_URL));
    return;
  }
  if (!existsSync(config.dataDir))
    throw new CommandError(`Nothing to back up: ${config.dataDir} does not exist`);
  withDataDirLocked(config, 'back up', () =>
    run('tar', [
      '--create',
      '--gzip',
      `--file=${file}`,
      '--exclude=./.lock',
      `--directory=${config.dataDir}`,
      '.',
    ]),
  );
}

async function restore(config: TConfig, file: string): Promise<void> {
  if (!existsSync(file)) throw new CommandError(`No backup at ${file}`);
  if (config.DATABASE_URL) {
    const state = await postgresState(config.DATABASE_URL);
    if (state.processes > 0)
      throw new CommandError(
        `Refusing to restore: ${state.processes} Trading Desk connection(s) are open on this database. Stop every server first`,
      );
    if (state.tables > 0)
      throw new CommandError(
        'Refusing to restore into a database that has tables: create an empty one and point DATABASE_URL at it',
      );
    run(
      'pg_restore',
      ['--no-owner', '--exit-on-error', `--dbname=${pgEnv(config.DATABASE_URL).PGDATABASE}`, file],
      pgEnv(config.DATABASE_URL),
    );
    return;
  }
  mkdirSync(config.dataDir, { recursive: true });
  withDataDirLocked(config, 'restore', () => {
    if (readdirSync(config.dataDir).some((name) => name !== '.lock'))
      throw new CommandError(
        `Refusing to restore into ${config.dataDir}: it is not empty. Restore into a new DATA_DIR`,
      );
    run('tar', ['--extract', '--gzip', `--file=${file}`, `--directory=${config.dataDir}`]);
  });
}

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file)
    throw new CommandError('Usage: npm run backup -- <file>   or   npm run restore -- <file>');
  const config = loadConfig();
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  await (command === 'backup' ? backup(config, path) : restore(config, path));
  process.stdout.write(`${command === 'backup' ? 'Backed up to' : 'Restored from'} ${path}\n`);
}

main().catch((error: unknown) => {
  const plain = error instanceof CommandError || error instanceof ConfigError;
  process.stderr.write(`${plain ? (error as Error).message : String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
