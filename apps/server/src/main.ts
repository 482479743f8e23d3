import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { ConfigError, loadConfig } from './config';
import { BusUnavailableError } from './platform/bus/redis-bus';
import { DatabaseUnavailableError } from './platform/db/client';
import { DataDirInUseError } from './platform/db/data-dir-lock';
import { createLogger } from './platform/logger';
import { MIGRATIONS_DIR, PGLITE_TEMPLATE, WEB_DIST_DIR } from './platform/paths';
import { startRuntime } from './runtime';

/** How long stopping may take after the drain (SHUTDOWN_DRAIN_MS) before the process just exits. */
const SHUTDOWN_LIMIT_MS = 10_000;
/** Errors that explain themselves: printed as one line, without a stack. */
const PLAIN_ERRORS = [ConfigError, DataDirInUseError, DatabaseUnavailableError, BusUnavailableError];

/**
 * The embedded default is what runs on a laptop or a 1 GB host, so its JavaScript heap favours
 * memory over speed: the old generation grows by small steps (V8's `optimize_for_size`), so the
 * garbage of a first start's year of history is collected instead of kept, and the young
 * generation keeps its starting size instead of growing to 16 MiB per half under load (a scavenge
 * of a small space is short; what survives it is collected with the old generation). Measured on
 * the bundle: idle after a first start ~400 → ~280 MiB, under 100 users' load ~320 → ~295 MiB,
 * for ~20 % more time spent generating the history. A deployment on PostgreSQL keeps V8's defaults,
 * which favour throughput.
 */
function favourMemoryWhenEmbedded(config: ReturnType<typeof loadConfig>): void {
  if (config.database.kind !== 'pglite') return;
  setFlagsFromString('--optimize-for-size');
  setFlagsFromString('--semi-space-growth-factor=1');
}

async function main(): Promise<void> {
  const config = loadConfig();
  favourMemoryWhenEmbedded(config);
  const logger = createLogger(config);
  const starting = startRuntime(
    config,
    {
      migrationsDir: MIGRATIONS_DIR,
      pgliteTemplate: PGLITE_TEMPLATE,
      webDistDir: config.WEB_DIST_DIR ? resolve(config.WEB_DIST_DIR) : WEB_DIST_DIR,
    },
    logger,
  );

  // Listening comes before the market's roles have started (the web app answers while the first
  // history is written), so a stop can be asked for while the start is still under way: the
  // signals are ours from the start, and such a stop waits for the start to end, then stops as
  // any other (without the handlers, the signal's default would end the process mid-start, with
  // the database left unclosed).
  let isStopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, 'shutting down');
    starting.then(
      (runtime) => {
        const limitMs = config.SHUTDOWN_DRAIN_MS + SHUTDOWN_LIMIT_MS;
        const deadline = setTimeout(() => {
          logger.error(`shutdown took longer than ${limitMs} ms; exiting`);
          process.exit(1);
        }, limitMs);
        deadline.unref();
        runtime.drainAndStop().then(
          () => {
            logger.info('stopped');
            process.exit(0);
          },
          (error: unknown) => {
            logger.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
      },
      // A start that fails is reported (and ends the process) below.
      () => undefined,
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  await starting;
}

main().catch((error: unknown) => {
  if (PLAIN_ERRORS.some((type) => error instanceof type)) {
    console.error((error as Error).message);
  } else {
    console.error('Trading Desk failed to start:', error);
  }
  process.exit(1);
});
