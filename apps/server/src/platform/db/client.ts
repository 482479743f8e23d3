// Opens the product's database, embedded PGlite or a PostgreSQL server, behind one `Database` type
// every repository takes, and brings its schema up to date on opening. On PGlite it also does the
// vacuum and checkpoint work PostgreSQL's background workers would do.
import { cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Logger } from '../logger';
import { markLoopWork } from '../loop-blocks';
import { everyBeat } from '../repeat';
import { openRemotePGlite } from './pglite-remote';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every repository takes: the same on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction of {@link Database}. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Where a statement runs: the database, or a transaction the caller holds open. */
export type Executor = Database | Tx;

/**
 * Runs `work` in a transaction whose statements may each take up to `ms` (PostgreSQL's
 * `statement_timeout` for this transaction only, in place of the pool's), for the few reads that
 * are long by nature (the back-office's reports). The embedded database has no limit to lift.
 */
export function withStatementTimeout<T>(db: Database, ms: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(0, Math.trunc(ms))}`));
    return work(tx);
  });
}

/**
 * Where the database lives: PGlite on a directory, or in memory (no `dir`), starting from `image`
 * when given (a data directory PGlite dumped, `dumpDataDir`: opening it skips `initdb`, about two
 * seconds); or a PostgreSQL server.
 */
export type DatabaseTarget =
  | { kind: 'pglite'; dir?: string; image?: Blob }
  | { kind: 'postgres'; url: string };

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: DatabaseTarget['kind'];
  /** The connection string when on PostgreSQL: singleton roles open their own session with it. */
  readonly url: string | undefined;
  ping(): Promise<void>;
  /**
   * A raw parameterised statement, for bulk work Drizzle does not express (arrays to unnest) and
   * hot paths. With `name` (one per distinct text), PostgreSQL parses and plans it once per
   * connection and then only binds; the embedded database's thread does the same for any text of rows
   * sent a second time, named or not (`pglite-thread.mjs`).
   */
  query<T = Record<string, unknown>>(text: string, params: unknown[], name?: string): Promise<T[]>;
  /** The connection pool's use on PostgreSQL (the embedded database has none). */
  poolUse?: () => { total: number; idle: number; waiting: number };
  /**
   * Embedded database only: calls `listener` around every statement that may write one of
   * `tables` (as it is sent and as it is answered, and so for the end of its transaction). One
   * process holds the embedded database, so this sees every write there; on PostgreSQL other
   * processes write too, and there is none.
   */
  watchWrites?: (tables: readonly string[], listener: () => void) => void;
  /** Tells `listener` how long each pooled connection was held (PostgreSQL only). */
  observeCheckouts?: (listener: (seconds: number) => void) => void;
  close(): Promise<void>;
}

const POOL_MAX = 20;
const CONNECT_TIMEOUT_MS = 5_000;
const IDLE_TIMEOUT_MS = 30_000;
const PING_TIMEOUT_MS = 2_000;
/** Held while migrating, so that processes starting together on one server migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_200_001;

/** Closing twice (a failed start, then shutdown) must not throw. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= fn();
    return done;
  };
}

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A first start on an empty directory copies the initialised database the build made instead of
 * running PGlite's `initdb`, which holds several hundred MiB more than the server ever needs
 * afterwards (restoring a dump through PGlite holds ~100 MiB of it too: a plain copy of files
 * holds none). The copy is made beside the directory and renamed into place, so a start cut short
 * leaves either nothing or the whole database. Without the template (running from source unbuilt),
 * or when the directory already holds something, PGlite opens the directory as before.
 */
function copyTemplate(dir: string, template: string | undefined): boolean {
  if (!template || !existsSync(join(template, 'PG_VERSION'))) return false;
  if (existsSync(dir) && readdirSync(dir).length > 0) return false;
  const staging = `${dir}.copying`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(template, staging, { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
  return true;
}

/**
 * The embedded database's buffer cache. It lives inside PGlite's WebAssembly memory, which never
 * shrinks: PostgreSQL's default of 128 MB fills during the first start's history and then stays
 * resident. 8 MB (1,024 pages: the hot rows of a desk's users and the indexes' upper levels) costs
 * writes nothing measurable, since the files are in the OS's cache, and keeps 120-160 MiB off the
 * process for good.
 */
export const EMBEDDED_SHARED_BUFFERS = '8MB';
/**
 * PGlite runs PostgreSQL as one backend with no background workers, so the embedded database does
 * their work itself this often:
 * - no autovacuum: an order that closes leaves its entry in the live orders' index until a vacuum
 *   removes it, so every read of a user's open orders went through the entries of every order
 *   ever opened (27,716 entries for 2,205 live orders after 20 minutes of 100 users; counting one
 *   user's open orders 3.6 ms instead of 1.3, and growing). The tables whose rows are updated or
 *   deleted all day are vacuumed (`EMBEDDED_VACUUMED_TABLES`: ~130 ms after five minutes of 100
 *   users). Not ANALYZE: it samples every table on the process's own thread (1.6 s on that
 *   database), and the plans of these reads were the same with and without it;
 * - no checkpointer: the write-ahead log was never recycled (it grew by ~600 MB in an hour of 100
 *   users, and a restart after a crash replays all of it). A checkpoint, with little of the log kept
 *   for reuse (`max_wal_size`), so the log stays within a few checkpoints' worth.
 */
export const EMBEDDED_MAINTENANCE_MS = 5 * 60_000;
export const EMBEDDED_VACUUMED_TABLES = [
  'orders',
  'ledger_accounts',
  'sessions',
  'price_alerts',
  'equity_snapshots',
  'notifications',
  'api_keys',
] as const;
export const EMBEDDED_MAX_WAL_SIZE = '64MB';
const EMBEDDED_SETTINGS = {
  startParams: [
    ...PGlite.defaultStartParams,
    ...['-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
    ...['-c', `max_wal_size=${EMBEDDED_MAX_WAL_SIZE}`, '-c', 'min_wal_size=32MB'],
  ],
};

/**
 * Opens the database and brings its schema up to date. `dir` unset on PGlite means in memory
 * (tests); PGlite on a directory must be guarded by lockDataDir first.
 */
/** The name this product's connections give PostgreSQL (`pg_stat_activity.application_name`). */
export const APPLICATION_NAME = 'trading-desk';

export async function openDatabase(
  target: DatabaseTarget,
  options: {
    migrationsDir: string;
    pgliteTemplate?: string | undefined;
    logger: Logger;
    /** How often the embedded database vacuums and checkpoints (tests shorten it). */
    maintenanceEveryMs?: number;
    /** The tables the embedded database vacuums (tests name their own). */
    vacuumedTables?: readonly string[];
    /**
     * PostgreSQL's `statement_timeout` for every statement of the pool, in ms (unset or 0: none).
     * Not set on the embedded database: PGlite accepts the setting but never cancels a statement
     * (a 200 ms limit let `pg_sleep(1.5)` finish), since its single-threaded WebAssembly build has
     * no timer signal to interrupt one with. There one process is the whole deployment, and a
     * statement that never ends would stop it whatever the setting.
     */
    statementTimeoutMs?: number;
    /** The same for the migrations at opening (unset or 0: none): they may rebuild a big table. */
    migrationStatementTimeoutMs?: number;
  },
): Promise<DatabaseHandle> {
  const { migrationsDir, logger } = options;
  if (target.kind === 'pglite') {
    const isCopied = target.dir ? copyTemplate(target.dir, options.pgliteTemplate) : false;
    const client = await openRemotePGlite({
      ...(target.dir ? { dataDir: target.dir } : {}),
      ...(target.image && !target.dir ? { loadDataDir: target.image } : {}),
      ...EMBEDDED_SETTINGS,
    });
    if (isCopied) logger.info("embedded database initialised from the build's template");
    const db = drizzlePglite({ client: client as unknown as PGlite, schema });
    await migratePglite(db, { migrationsFolder: migrationsDir });
    logger.info({ dir: target.dir ?? 'memory' }, 'database ready (embedded PGlite)');
    const vacuumed = options.vacuumedTables ?? EMBEDDED_VACUUMED_TABLES;
    // One round at a time: a round that outlasts the interval is not queued behind itself.
    const maintain = async () => {
      markLoopWork('embedded vacuum');
      const startedAt = performance.now();
      await client.query(`vacuum ${vacuumed.map((table) => `"${table}"`).join(', ')}`);
      await client.query('checkpoint');
      // Every statement waits for the round: a long one is worth an operator's eye.
      const ms = Math.round(performance.now() - startedAt);
      if (ms >= 250) logger.info({ ms }, 'embedded database vacuumed and checkpointed');
      else logger.debug({ ms }, 'embedded database vacuumed and checkpointed');
    };
    const maintenance = everyBeat({
      everyMs: options.maintenanceEveryMs ?? EMBEDDED_MAINTENANCE_MS,
      run: maintain,
      logger,
      failure: 'embedded vacuum or checkpoint failed; next round later',
    });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      url: undefined,
      ping: async () => {
        await withTimeout(client.query('select 1'), PING_TIMEOUT_MS, 'database ping');
      },
      query: async <T>(text: string, params: unknown[]) => (await client.query<T>(text, params)).rows,
      watchWrites: client.watchWrites,
      close: once(async () => {
        clearInterval(maintenance);
        await client.close();
      }),
    };
  }

  const pool = new pg.Pool({
    connectionString: target.url,
    // How a restore (and an operator) tells this product's connections from any other.
    application_name: APPLICATION_NAME,
    max: POOL_MAX,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
    // Sent when each connection starts, so it is every statement's default on that connection.
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  // An idle client that loses its server emits here; without a listener it would crash the process.
  pool.on('error', (error) => logger.warn({ err: error }, 'idle database connection lost'));
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseUnavailableError(
      `DATABASE_URL: cannot connect to PostgreSQL (${(error as Error).message || String(error)})`,
    );
  }
  let isReset = false;
  try {
    // Waiting for another process's migrations is a statement too: it runs under the migrations' limit.
    await client.query(`set statement_timeout = ${Math.trunc(options.migrationStatementTimeoutMs ?? 0)}`);
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: migrationsDir });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
    // Back to the pool's own limit before the connection serves anything else.
    await client.query('reset statement_timeout');
    isReset = true;
  } finally {
    // A connection left with the migrations' limit is closed rather than pooled.
    client.release(!isReset);
  }
  const db = drizzleNodePg({ client: pool, schema });
  // A statement or a whole transaction: from checkout to release.
  const checkedOutAt = new WeakMap<pg.PoolClient, number>();
  let onCheckout: ((seconds: number) => void) | undefined;
  pool.on('acquire', (connection) => {
    if (onCheckout) checkedOutAt.set(connection, performance.now());
  });
  pool.on('release', (_error, connection) => {
    const at = checkedOutAt.get(connection);
    if (at === undefined || !onCheckout) return;
    checkedOutAt.delete(connection);
    onCheckout((performance.now() - at) / 1000);
  });
  logger.info({ host: new URL(target.url).host }, 'database ready (PostgreSQL)');
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    url: target.url,
    ping: async () => {
      await withTimeout(db.execute(sql`select 1`), PING_TIMEOUT_MS, 'database ping');
    },
    query: async <T>(text: string, params: unknown[], name?: string) =>
      (await pool.query({ name, text, values: params })).rows as T[],
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    observeCheckouts: (listener) => {
      onCheckout = listener;
    },
    close: once(() => pool.end()),
  };
}
