import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Four tiers, one runner: pure rules (unit), data paths against PGlite and against a real
// PostgreSQL server, and whole journeys in Chromium (e2e). The two databases overlap where they
// differ, not everywhere:
// - `*.int.test.ts` run on both: a module's data paths, whose statements, transactions and the
//   values they read back go through a different driver on each (PGlite on its own thread, `pg`);
// - `*.any-db.test.ts` need a database but check a rule it does not change (who may call a route,
//   the HTTP layer, rate limits, the log, the feeds, the fuzzers): run once, on PostgreSQL;
// - `*.pg.test.ts` need PostgreSQL itself (several processes on one server, real concurrency);
// - `*.proc.test.ts` start the server as a process on the embedded database.
const integrationFiles = ['apps/server/src/**/*.int.test.ts'];
// Integration files spend most of their time waiting on a database, Redis or a child process, and
// each has its own database, data directory and ports: two run at a time even on two cores (the
// default would be one there). Each builds its own app, so a worker keeps the modules it has loaded
// from one file to the next (`isolate: false`): loading the server for every file was a fifth of
// the tier. A test watches a function through an object it can spy on, never by mocking a module.
// The browser journeys run as many at a time as the integration files: each file drives a server
// and its worker's headless Chromium, and either waits on the other for much of its time (a
// screen's answer, a price's next move), so two share two cores well.
/** One fixed seed for every property test (scripts/property-tests.setup.ts). */
const PROPERTY_SETUP = 'scripts/property-tests.setup.ts';
const integrationWorkers = Math.max(2, availableParallelism() - 1);

/** An integration project: every `*.int.test.ts` on one kind of database, with that tier's own files. */
function integrationProject(name: string, database: 'pglite' | 'postgres', ownFiles: string[]) {
  return {
    test: {
      name,
      include: [...integrationFiles, ...ownFiles],
      env: { TEST_DB: database },
      // On PostgreSQL each file's database is a copy of one migrated once for the run.
      ...(database === 'postgres'
        ? { globalSetup: ['apps/server/src/testing/postgres-template.global-setup.ts'] }
        : {}),
      setupFiles: [PROPERTY_SETUP],
      maxWorkers: integrationWorkers,
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/src/**/*.test.tsx'],
          exclude: [
            '**/*.int.test.ts',
            '**/*.any-db.test.ts',
            '**/*.pg.test.ts',
            '**/*.proc.test.ts',
            '**/node_modules/**',
          ],
          environment: 'node',
          setupFiles: [PROPERTY_SETUP, 'apps/web/src/testing/app-text.ts'],
          // A worker runs file after file with the modules it has loaded: a fresh process per file
          // cost five times the tests themselves. A file puts back what it changes beyond its own
          // objects (stubbed globals and environment, fake timers, the formatting language).
          isolate: false,
        },
      },
      integrationProject('integration-pglite', 'pglite', ['apps/server/src/**/*.proc.test.ts']),
      integrationProject('integration-postgres', 'postgres', [
        'apps/server/src/**/*.pg.test.ts',
        'apps/server/src/**/*.any-db.test.ts',
      ]),
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          // The longest journeys (a screen in every variant, live candles awaited) take close to a
          // minute on a two-core machine of the slower kind with two files running: a bound on a
          // hang, not on speed.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A screen's answer can take seconds on a loaded machine: a poll waits up to 10 s for it
          // unless the test says otherwise (vitest's own default is 1 s).
          expect: { poll: { timeout: 10_000 } },
          maxWorkers: integrationWorkers,
          // A worker keeps Playwright and the support modules loaded from one file to the next, and
          // with them its Chromium and, for the journeys that share them, its server and mailbox
          // (e2e/support/journey.ts); any other server a file starts is its own.
          isolate: false,
        },
      },
    ],
  },
});
