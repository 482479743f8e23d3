import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths';
import {
  EMBEDDED_MAX_WAL_SIZE,
  EMBEDDED_SHARED_BUFFERS,
  EMBEDDED_VACUUMED_TABLES,
  openDatabase,
} from './client';

// A first start on an empty directory copies the initialised database the build made instead of
// running `initdb`; a directory that holds a database is opened as it is; either way the schema is
// brought up to date and the embedded buffer cache is the small one.

describe('the embedded database on a first start', () => {
  let work: string;
  let template: string;
  const lines: string[] = [];
  const logger = pino(
    { level: 'info' },
    {
      write: (line: string) => {
        lines.push(JSON.parse(line).msg);
      },
    },
  );

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'td-template-'));
    // Made as the build makes it: PGlite's initdb on a directory of its own.
    template = join(work, 'template');
    const initialised = await PGlite.create({ dataDir: template });
    await initialised.close();
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('copies the template into an empty directory, then opens the directory as it is', async () => {
    const dir = join(work, 'data');
    // The directory may exist already, empty (made by the data directory's lock).
    mkdirSync(dir);
    const first = await openDatabase(
      { kind: 'pglite', dir },
      { migrationsDir: MIGRATIONS_DIR, pgliteTemplate: template, logger },
    );
    expect(lines).toContain("embedded database initialised from the build's template");
    await first.query('insert into settings (name, value) values ($1, $2)', ['probe', '{}']);
    const [settings] = await first.query<{ shared_buffers: string }>('show shared_buffers', []);
    expect(settings?.shared_buffers).toBe(EMBEDDED_SHARED_BUFFERS);
    await first.close();

    lines.length = 0;
    const again = await openDatabase(
      { kind: 'pglite', dir },
      { migrationsDir: MIGRATIONS_DIR, pgliteTemplate: template, logger },
    );
    expect(lines).not.toContain("embedded database initialised from the build's template");
    expect(await again.query('select name from settings where name = $1', ['probe'])).toEqual([
      { name: 'probe' },
    ]);
    await again.close();
    // Copied beside the directory and renamed into place: nothing of the copy is left over.
    expect(readdirSync(work).sort()).toEqual(['data', 'template']);
  });

  it("vacuums and checkpoints on its own, as PostgreSQL's background workers would", async () => {
    const handle = await openDatabase(
      { kind: 'pglite', dir: join(work, 'checkpoints') },
      {
        migrationsDir: MIGRATIONS_DIR,
        logger,
        maintenanceEveryMs: 100,
        vacuumedTables: [...EMBEDDED_VACUUMED_TABLES, 'maintenance_probe'],
      },
    );
    try {
      const [wal] = await handle.query<{ max_wal_size: string }>('show max_wal_size', []);
      expect(wal?.max_wal_size).toBe(EMBEDDED_MAX_WAL_SIZE);
      // Every table vacuumed by default is one of the schema's.
      for (const table of EMBEDDED_VACUUMED_TABLES) {
        const [found] = await handle.query<{ name: string | null }>('select to_regclass($1)::text as name', [
          table,
        ]);
        expect(found?.name).toBe(table);
      }
      const redo = async () =>
        (
          await handle.query<{ redo_lsn: string }>('select redo_lsn::text from pg_control_checkpoint()', [])
        )[0]?.redo_lsn;
      // A table with a partial index, rows that leave it (as a closing order leaves the live
      // orders' index): only a vacuum takes their entries out of the index.
      await handle.query('create table maintenance_probe (id int primary key, live boolean not null)', []);
      await handle.query('create index maintenance_probe_live on maintenance_probe (id) where live', []);
      await handle.query('insert into maintenance_probe select n, true from generate_series(1, 500) n', []);
      await handle.query('update maintenance_probe set live = false where id > 10', []);
      const indexEntries = async () =>
        Number(
          (
            await handle.query<{ tuples: number }>(
              "select reltuples as tuples from pg_class where relname = 'maintenance_probe_live'",
              [],
            )
          )[0]?.tuples,
        );
      const before = await redo();
      const deadline = Date.now() + 10_000;
      while ((await indexEntries()) !== 10 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      // The index counts only the live rows.
      expect(await indexEntries()).toBe(10);
      // Pages are marked all-visible by a vacuum only, which also counts the table's rows.
      const [table] = await handle.query<{ tuples: number; visible: number }>(
        "select reltuples as tuples, relallvisible as visible from pg_class where relname = 'maintenance_probe'",
        [],
      );
      expect(Number(table?.visible)).toBeGreaterThan(0);
      expect(Number(table?.tuples)).toBe(500);
      while ((await redo()) === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await redo()).not.toBe(before);
    } finally {
      await handle.close();
    }
  });

  it('runs initdb itself when there is no template', async () => {
    lines.length = 0;
    const handle = await openDatabase(
      { kind: 'pglite', dir: join(work, 'without') },
      { migrationsDir: MIGRATIONS_DIR, pgliteTemplate: join(work, 'missing'), logger },
    );
    expect(lines).not.toContain("embedded database initialised from the build's template");
    expect(await handle.query('select 1 as one', [])).toEqual([{ one: 1 }]);
    await handle.close();
  });
});
