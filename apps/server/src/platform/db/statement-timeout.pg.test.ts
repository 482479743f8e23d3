import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createTestDatabase, MIGRATIONS_DIR, type TestDatabase } from '../../testing/test-database';
import { type DatabaseHandle, openDatabase, withStatementTimeout } from './client';
import { isStatementTimeout } from './errors';

const logger = pino({ level: 'silent' });
const LIMIT_MS = 300;

const showTimeout = async (handle: DatabaseHandle) =>
  (await handle.query<{ statement_timeout: string }>('show statement_timeout', []))[0]?.statement_timeout;

/**
 * A fresh database opened with the requests' limit for the enclosing `describe` block: made before
 * its first test, closed and dropped after its last (after the block's own later hooks).
 */
function useLimitedDatabase(): { readonly handle: DatabaseHandle } {
  let fresh: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    fresh = await createTestDatabase('postgres');
    handle = await openDatabase(fresh.target, {
      migrationsDir: MIGRATIONS_DIR,
      logger,
      statementTimeoutMs: LIMIT_MS,
    });
  });
  afterAll(async () => {
    await handle?.close();
    await fresh?.drop();
  });
  return {
    get handle() {
      if (!handle) throw new Error('the database is opened before the first test: use it inside one');
      return handle;
    },
  };
}

/** A migrations folder of one migration that takes longer than the pool's limit. */
function slowMigrations(): string {
  const dir = mkdtempSync(join(tmpdir(), 'td-slow-migration-'));
  mkdirSync(join(dir, 'meta'));
  writeFileSync(join(dir, '0000_slow.sql'), `select pg_sleep(${(LIMIT_MS * 3) / 1000});`);
  const entry = { idx: 0, version: '7', when: 1, tag: '0000_slow', breakpoints: true };
  writeFileSync(
    join(dir, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries: [entry] }),
  );
  return dir;
}

describe('statement_timeout on PostgreSQL', () => {
  describe('a request whose statement runs past the limit', () => {
    const limited = useLimitedDatabase();
    let handle: DatabaseHandle;
    let t: TestApp;
    beforeAll(async () => {
      handle = limited.handle;
      t = await buildTestApp({
        database: handle,
        extend: (app) => {
          app.get('/test/slow', { config: { access: 'public' } }, async () => {
            await handle.query('select pg_sleep(30)', []);
            return { finished: true };
          });
        },
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('is stopped by the database and answered 503 with the error body, not left hanging', async () => {
      expect(await showTimeout(handle)).toBe(`${LIMIT_MS}ms`);
      const response = await t.app.inject({ method: 'GET', url: '/test/slow' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: expect.any(String), code: 'UNAVAILABLE' });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('leaves the pool serving the next statement', async () => {
      expect(await handle.query<{ one: number }>('select 1 as one', [])).toEqual([{ one: 1 }]);
    });
  });

  describe('a report (a long read by nature) in its own transaction', () => {
    const limited = useLimitedDatabase();

    it("runs under its own longer limit, and the pool keeps the requests' limit", async () => {
      const { handle } = limited;
      const sleep = sql`select pg_sleep(${(LIMIT_MS * 2) / 1000})`;
      const outside = await handle.db.execute(sleep).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(isStatementTimeout(outside)).toBe(true);
      const inside = await withStatementTimeout(handle.db, LIMIT_MS * 20, async (tx) => {
        await tx.execute(sleep);
        const shown = (await tx.execute(sql`show statement_timeout`)) as unknown as {
          rows: { statement_timeout: string }[];
        };
        return shown.rows[0];
      });
      expect(inside?.statement_timeout).toBe(`${(LIMIT_MS * 20) / 1000}s`);
      expect(await showTimeout(handle)).toBe(`${LIMIT_MS}ms`);
    });
  });

  describe('migrations', () => {
    let migrationsDir: string;
    beforeAll(() => {
      migrationsDir = slowMigrations();
    });
    afterAll(() => rmSync(migrationsDir, { recursive: true, force: true }));

    it('run under their own limit (none by default), then the pool has its own', async () => {
      const fresh = await createTestDatabase('postgres', { isEmpty: true });
      try {
        const handle = await openDatabase(fresh.target, {
          migrationsDir,
          logger,
          statementTimeoutMs: LIMIT_MS,
        });
        try {
          expect(await showTimeout(handle)).toBe(`${LIMIT_MS}ms`);
        } finally {
          await handle.close();
        }
      } finally {
        await fresh.drop();
      }
    });

    it('are stopped by their own limit when one is set', async () => {
      const fresh = await createTestDatabase('postgres', { isEmpty: true });
      try {
        const opening = openDatabase(fresh.target, {
          migrationsDir,
          logger,
          statementTimeoutMs: 60_000,
          migrationStatementTimeoutMs: LIMIT_MS,
        });
        const error = await opening.then(
          async (handle) => {
            await handle.close();
            return undefined;
          },
          (reason: unknown) => reason,
        );
        expect(isStatementTimeout(error)).toBe(true);
      } finally {
        await fresh.drop();
      }
    });
  });
});
