// The server's HTTP app for tests, wired as the runtime wires it but on a fresh test database,
// an in-memory bus and rate limiter, and silent logs, to drive with `app.inject()`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app';
import type { AppDeps } from '../app-deps';
import { loadConfig } from '../config';
import { loadJwtSecret } from '../modules/auth/secrets';
import { createPriceBoard } from '../modules/market/price-board';
import { createPairsRepository } from '../modules/pairs/pairs.repository';
import { seedPairs } from '../modules/pairs/pairs.service';
import { createSettingsService } from '../modules/settings/settings.service';
import type { Bus } from '../platform/bus/bus';
import { createMemoryBus } from '../platform/bus/memory-bus';
import type { DatabaseHandle } from '../platform/db/client';
import type { Logger } from '../platform/logger';
import { createMailer } from '../platform/mail/mailer';
import { isOutboxShown } from '../platform/mail/outbox';
import { createMetrics } from '../platform/metrics/metrics';
import { createMemoryRateLimiter, type RateLimitRule } from '../platform/rate-limit';
import { openTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  close(): Promise<void>;
}

/**
 * The HTTP app on a fresh database of the project's kind (TEST_DB), for `app.inject()`. `env` sets
 * configuration variables as an operator would; `extend` adds routes before the app is ready.
 * `database` shares another app's database (a second process of the same deployment; its owner
 * closes it); `logger` replaces the silent one.
 */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    bus?: Bus;
    database?: DatabaseHandle;
    logger?: Logger;
    webDistDir?: string;
    sessionRecheckMs?: number;
    /** The trading routes' budget per user, when a test needs another than the product's. */
    tradingLimit?: RateLimitRule;
    /** Collects the process's metrics as the runtime does. */
    hasMetrics?: boolean;
    /** Whether the process is stopping (a test flips it to see /health turn balancers away). */
    isDraining?: () => boolean;
    extend?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'td-test-'));
  // Tests price every pair with the simulator, so they run as a demonstration deployment (Real
  // accounts trade simulated prices); the tests of that rule turn it off.
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    REAL_TRADING_ON_SIMULATED_PRICES: 'true',
    ...options.env,
  });
  const logger = options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const database = options.database
    ? { handle: options.database, close: async () => undefined }
    : await openTestDatabase();
  // As at every start: the pair catalogue is there before anything asks for it.
  await seedPairs(createPairsRepository(database.handle.db));
  const bus = options.bus ?? createMemoryBus(logger);
  // Mail goes over real SMTP to a test mailbox when SMTP_URL is given, else to the outbox in dataDir.
  const mailer = createMailer(
    { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir, publicUrl: config.PUBLIC_URL },
    logger,
  );
  const limiter = createMemoryRateLimiter();
  const settings = createSettingsService({
    db: database.handle.db,
    bus,
    logger,
    googleClientId: config.GOOGLE_CLIENT_ID,
    isMailInOutbox: isOutboxShown(config),
  });
  const board = createPriceBoard(bus);
  await board.start();
  const roleStatus = () => Object.fromEntries(config.ROLES.map((role) => [role, 'active' as const]));
  const isDraining = options.isDraining ?? (() => false);
  const deps: AppDeps = {
    metrics: options.hasMetrics
      ? createMetrics({ roles: roleStatus, isDraining, poolUse: database.handle.poolUse })
      : undefined,
    isDraining,
    mailer,
    limiter,
    jwtSecret: loadJwtSecret(config),
    config,
    db: database.handle,
    bus,
    logger,
    roleStatus,
    webDistDir: options.webDistDir,
    board,
    settings,
    sessionRecheckMs: options.sessionRecheckMs,
    tradingLimit: options.tradingLimit,
  };
  const app = await buildApp(deps);
  await options.extend?.(app);
  await app.ready();
  return {
    app,
    deps,
    async close() {
      await app.close();
      await board.stop();
      await settings.close();
      await bus.close();
      await mailer.close();
      await limiter.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A test app built as `buildTestApp` builds it, handed to `use` and closed after, whatever `use` did. */
export async function withTestApp<T>(
  options: Parameters<typeof buildTestApp>[0],
  use: (t: TestApp) => Promise<T>,
): Promise<T> {
  const t = await buildTestApp(options);
  try {
    return await use(t);
  } finally {
    await t.close();
  }
}
