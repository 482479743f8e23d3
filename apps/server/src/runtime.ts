import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp, type RoleState } from './app';
import { hasRole, SINGLETON_ROLES, type TConfig, type TRoleName } from './config';
import { createAuthRepository } from './modules/auth/auth.repository';
import { loadJwtSecret } from './modules/auth/secrets';
import { seedAdmin } from './modules/auth/seed-admin';
import { createMarketEngine } from './modules/market/market-engine';
import { createPriceBoard } from './modules/market/price-board';
import { createNotifier } from './modules/notifications/notifications.service';
import { createAlertEngine } from './modules/notifications/price-alerts.service';
import { createPairsRepository } from './modules/pairs/pairs.repository';
import { seedPairs } from './modules/pairs/pairs.service';
import { createReferralsService } from './modules/referrals/referrals.service';
import { createSettingsService } from './modules/settings/settings.service';
import { createEquitySnapshots } from './modules/trading/equity-snapshots';
import { createOrdersRepository } from './modules/trading/orders.repository';
import { createOrdersService, quotesOf } from './modules/trading/orders.service';
import { createTriggerEngine } from './modules/trading/trigger-engine';
import { chainWorkers } from './modules/wallet/chain-workers';
import type { Bus } from './platform/bus/bus';
import { openBus } from './platform/bus/open-bus';
import { type DatabaseHandle, openDatabase } from './platform/db/client';
import { lockDataDir } from './platform/db/data-dir-lock';
import { createLogger, type Logger } from './platform/logger';
import { createMailer } from './platform/mail/mailer';
import { openRateLimiter } from './platform/rate-limit';
import { runSingletonsAlone, runSingletonsElected, type SingletonRunner } from './platform/singleton';
import { singletonRole, type Worker } from './roles/singleton-roles';

export interface Runtime {
  app: FastifyInstance;
  /** The address the HTTP server listens on, e.g. http://127.0.0.1:3000. */
  url: string;
  deps: AppDeps;
  stop(): Promise<void>;
}

export interface RuntimePaths {
  migrationsDir: string;
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
    if (config.database.kind === 'pglite') {
      const lock = lockDataDir(config.dataDir);
      cleanups.push(() => lock.release());
    }
    const db: DatabaseHandle = await openDatabase(config.database, {
      migrationsDir: paths.migrationsDir,
      logger: log,
    });
    cleanups.push(() => db.close());
    const bus: Bus = await openBus(config.REDIS_URL, log);
    cleanups.push(() => bus.close());
    const limiter = await openRateLimiter(config.REDIS_URL, log);
    cleanups.push(() => limiter.close());
    const mailer = createMailer(
      { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.dataDir },
      log,
    );
    cleanups.push(() => mailer.close());
    const jwtSecret = loadJwtSecret(config);
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD && hasRole(config, 'api')) {
      await seedAdmin(
        createAuthRepository(db.db),
        { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
        log,
      );
    }

    await seedPairs(createPairsRepository(db.db));
    const settings = createSettingsService({
      db: db.db,
      bus,
      logger: log,
      googleClientId: config.GOOGLE_CLIENT_ID,
    });
    cleanups.push(() => settings.close());
    // One board of live prices for every role of the process: each tick is read once.
    const board = createPriceBoard(bus, log);
    await board.start();
    cleanups.push(() => board.stop());
    const notifier = createNotifier({ db: db.db, bus, mailer, logger: log });
    const referrals = createReferralsService({ db: db.db, settings, publicUrl: config.PUBLIC_URL });
    const alerts = createAlertEngine({ db: db.db, bus, notify: notifier.notify, logger: log });
    const triggers = createTriggerEngine({
      repo: createOrdersRepository(db.db),
      orders: createOrdersService({
        handle: db,
        db: db.db,
        orders: createOrdersRepository(db.db),
        pairs: createPairsRepository(db.db),
        // The engine fills and closes at the tick's price; it never places orders itself.
        quotes: { quote: () => undefined },
        bus,
        logger: log,
        feePpm: async () => 0n,
        // A pending order's fee is charged when it fills: its referral commission goes with it.
        onFeeCharged: referrals.creditCommission,
      }),
      bus,
      logger: log,
      notify: notifier.notify,
    });
    const workers: Record<'market' | 'chain', Worker[]> = {
      market: [
        { name: 'trigger-engine', start: () => triggers.start() },
        {
          name: 'equity-snapshots',
          start: () => createEquitySnapshots({ db, quotes: quotesOf(board), logger: log }).start(),
        },
        { name: 'price-alerts', start: () => alerts.start() },
        {
          name: 'market-engine',
          start: () =>
            createMarketEngine({
              db,
              bus,
              logger: log,
              marketSeed: config.MARKET_SEED,
              onQuote: (symbol, bid, ask) => {
                triggers.onQuote(symbol, bid, ask);
                alerts.onQuote(symbol, bid, ask);
              },
              feed:
                config.MARKET_FEED === 'binance'
                  ? { kind: 'binance', url: config.BINANCE_WS_URL }
                  : undefined,
            }).start(),
        },
      ],
      chain: chainWorkers({ config, db: db.db, logger: log, board, settings, notify: notifier.notify }),
    };
    const singletons = SINGLETON_ROLES.filter((role) => hasRole(config, role)).map((role) =>
      singletonRole(role as 'market' | 'chain', workers[role as 'market' | 'chain'], log),
    );
    let runner: SingletonRunner | undefined;
    const roleStatus = () => {
      const status: Partial<Record<TRoleName, RoleState>> = {};
      const active = new Set(runner?.activeNames() ?? []);
      for (const role of config.ROLES) {
        status[role] = SINGLETON_ROLES.includes(role) && !active.has(role) ? 'standby' : 'active';
      }
      return status;
    };

    const deps: AppDeps = {
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
    const app = await buildApp(deps);
    cleanups.push(() => app.close());

    // Listening first: /health and the web app answer while the market writes its first history.
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    if (singletons.length > 0) {
      runner =
        db.kind === 'postgres' && db.url
          ? await runSingletonsElected(singletons, db.url, log)
          : await runSingletonsAlone(singletons, log);
      const started = runner;
      cleanups.push(() => started.stop());
    }
    log.info({ url: address, roles: config.ROLES, publicUrl: config.PUBLIC_URL }, 'Trading Desk is running');
    return { app, url: address, deps, stop: cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
