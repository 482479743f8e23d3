// Starts one server process: opens the database, bus, mailer and the rest in dependency order,
// builds the HTTP app, listens, and runs the singleton workers (market, chain) it is elected for.
// Everything opened is closed in reverse on stop, or at once when a start fails half-way.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { AppDeps, RoleState } from './app-deps';
import { hasRole, SINGLETON_ROLES, statementTimeoutsOf, type TConfig, type TRoleName } from './config';
import { createAuthRepository } from './modules/auth/auth.repository';
import { loadJwtSecret } from './modules/auth/secrets';
import { seedAdmin } from './modules/auth/seed-admin';
import { createSessionEnder } from './modules/auth/sessions';
import { marketWorkers } from './modules/market/market-workers';
import { createPriceBoard } from './modules/market/price-board';
import { createPairsRepository } from './modules/pairs/pairs.repository';
import { seedPairs } from './modules/pairs/pairs.service';
import { retentionWorker } from './modules/retention/retention';
import { createSettingsService } from './modules/settings/settings.service';
import { ticketAttachmentsDir } from './modules/tickets/tickets.service';
import { chainWorkers } from './modules/wallet/chain-workers';
import type { Bus } from './platform/bus/bus';
import { openBus } from './platform/bus/open-bus';
import { type DatabaseHandle, openDatabase } from './platform/db/client';
import { lockDataDir } from './platform/db/data-dir-lock';
import { createLogger, type Logger } from './platform/logger';
import { recordLoopBlocks } from './platform/loop-blocks';
import { createMailer } from './platform/mail/mailer';
import { isOutboxShown } from './platform/mail/outbox';
import { createMetrics, serveMetrics } from './platform/metrics/metrics';
import { openRateLimiter } from './platform/rate-limit';
import { runSingletonsAlone, runSingletonsElected, type SingletonRunner } from './platform/singleton';
import type { Worker } from './platform/worker';
import { singletonRole } from './roles/singleton-roles';
import { createCoreServices } from './services';
import { checkStart } from './start-checks';

export interface Runtime {
  app: FastifyInstance;
  /** The address the HTTP server listens on, e.g. http://127.0.0.1:3000. */
  url: string;
  deps: AppDeps;
  /**
   * Stops gracefully: `/health` says `draining` for `SHUTDOWN_DRAIN_MS` while everything still
   * runs, then the listener closes, requests in flight finish and the streams are told to
   * reconnect elsewhere, and the rest stops in reverse order.
   */
  drainAndStop(): Promise<void>;
  stop(): Promise<void>;
}

export interface RuntimePaths {
  migrationsDir: string;
  /** An initialised embedded database a first start copies instead of initialising one. */
  pgliteTemplate?: string | undefined;
  /** The built web app; unset serves none. */
  webDistDir?: string | undefined;
}

/**
 * Starts the roles of this process in dependency order (database, bus, singleton election, HTTP)
 * and returns how to stop them in reverse. Anything that fails half-way is closed again.
 */
export async function startRuntime(config: TConfig, paths: RuntimePaths, logger?: Logger): Promise<Runtime> {
  const log = logger ?? createLogger(config);
  const cleanups: Array<() => Promise<void> | void> = [];
  const cleanup = async () => {
    for (const fn of cleanups.splice(0).reverse()) {
      try {
        await fn();
      } catch (error) {
        log.error({ err: error }, 'shutdown step failed');
      }
    }
  };

  try {
    if (config.LOOP_BLOCKS_FILE) cleanups.push(recordLoopBlocks(config.LOOP_BLOCKS_FILE));
    await checkStart(config, log);
    if (config.database.kind === 'pglite') {
      const lock = lockDataDir(config.dataDir);
      cleanups.push(() => lock.release());
    }
    // Each statement's time limit is its role's: requests' short, the workers' longer.
    const timeouts = statementTimeoutsOf(config);
    const openWith = (statementTimeoutMs: number) =>
      openDatabase(config.database, {
        migrationsDir: paths.migrationsDir,
        pgliteTemplate: paths.pgliteTemplate,
        logger: log,
        statementTimeoutMs,
        migrationStatementTimeoutMs: config.DB_MIGRATION_STATEMENT_TIMEOUT_MS,
      });
    const db: DatabaseHandle = await openWith(timeouts.mainMs);
    cleanups.push(() => db.close());
    // The workers' own pool, on PostgreSQL (the embedded database is one connection and enforces
    // no limit).
    let workerDb = db;
    if (timeouts.workersPoolMs !== undefined && db.kind === 'postgres') {
      const opened = await openWith(timeouts.workersPoolMs);
      cleanups.push(() => opened.close());
      workerDb = opened;
    }
    const bus: Bus = await openBus(config.REDIS_URL, log);
    cleanups.push(() => bus.close());
    const limiter = await openRateLimiter(config.REDIS_URL, log);
    cleanups.push(() => limiter.close());
    const mailer = createMailer(
      {
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        dataDir: config.dataDir,
        ...(isOutboxShown(config) ? { publicUrl: config.PUBLIC_URL } : {}),
      },
      log,
    );
    cleanups.push(() => mailer.close());
    const jwtSecret = loadJwtSecret(config);
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD && hasRole(config, 'api')) {
      const authRepo = createAuthRepository(db.db);
      await seedAdmin(
        authRepo,
        { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
        log,
        createSessionEnder({ repo: authRepo, bus, logger: log }),
      );
    }

    await seedPairs(createPairsRepository(db.db));
    const settings = createSettingsService({
      db: db.db,
      bus,
      logger: log,
      googleClientId: config.GOOGLE_CLIENT_ID,
      isMailInOutbox: isOutboxShown(config),
    });
    cleanups.push(() => settings.close());
    // One board of live prices for every role of the process: each tick is read once.
    const board = createPriceBoard(bus);
    await board.start();
    cleanups.push(() => board.stop());
    let runner: SingletonRunner | undefined;
    const roleStatus = () => {
      const status: Partial<Record<TRoleName, RoleState>> = {};
      const active = new Set(runner?.activeNames() ?? []);
      for (const role of config.ROLES) {
        status[role] = SINGLETON_ROLES.includes(role) && !active.has(role) ? 'standby' : 'active';
      }
      return status;
    };
    let isDraining = false;
    // Collected only where something serves them: otherwise every answer would be timed for no one.
    const metrics =
      config.METRICS_PORT !== undefined || config.METRICS_TOKEN !== undefined
        ? createMetrics({ roles: roleStatus, isDraining: () => isDraining, poolUse: db.poolUse })
        : undefined;
    if (metrics && config.METRICS_PORT !== undefined) {
      const metricsServer = await serveMetrics(
        metrics,
        config.METRICS_PORT,
        config.METRICS_HOST,
        config.METRICS_TOKEN,
      );
      cleanups.push(() => new Promise<void>((resolve) => metricsServer.close(() => resolve())));
      log.info({ port: config.METRICS_PORT, host: config.METRICS_HOST }, 'metrics served at /metrics');
    }
    const deps: AppDeps = {
      metrics,
      isDraining: () => isDraining,
      config,
      db,
      bus,
      logger: log,
      roleStatus,
      webDistDir: paths.webDistDir,
      mailer,
      limiter,
      jwtSecret,
      board,
      settings,
    };
    // Built once: the workers and the API share the notifier, the referral commission and the rest.
    const core = createCoreServices(deps);
    const notify = core.notifier.notify;
    const workers: Record<'market' | 'chain', Worker[]> = {
      market: marketWorkers({
        config,
        db: workerDb,
        bus,
        logger: log,
        board,
        notify,
        referrals: core.referrals,
        onTriggerExecuted: (action) => metrics?.triggers.inc({ action }),
      }),
      chain: [
        ...chainWorkers({ config, db: workerDb.db, logger: log, board, settings, notify }),
        retentionWorker({
          db: workerDb.db,
          logger: log,
          attachmentsDir: ticketAttachmentsDir(config.dataDir),
        }),
      ],
    };
    const singletons = SINGLETON_ROLES.filter((role) => hasRole(config, role)).map((role) =>
      singletonRole(role as 'market' | 'chain', workers[role as 'market' | 'chain'], log),
    );
    const app = await buildApp(deps, core);
    cleanups.push(() => app.close());

    // Listening first: /health and the web app answer while the market writes its first history.
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    // The one line a newcomer needs: where to open the product (before the market's first history).
    if (hasRole(config, 'api')) log.info(`open ${config.PUBLIC_URL} in a browser`);
    if (singletons.length > 0) {
      runner =
        db.kind === 'postgres' && db.url
          ? await runSingletonsElected(singletons, db.url, log)
          : await runSingletonsAlone(singletons, log);
      const started = runner;
      cleanups.push(() => started.stop());
    }
    log.info({ url: address, roles: config.ROLES, publicUrl: config.PUBLIC_URL }, 'Trading Desk is running');
    const drainAndStop = async () => {
      isDraining = true;
      if (config.SHUTDOWN_DRAIN_MS > 0) {
        log.info({ ms: config.SHUTDOWN_DRAIN_MS }, 'draining: /health turns balancers away');
        await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
      }
      await cleanup();
    };
    return { app, url: address, deps, drainAndStop, stop: cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
