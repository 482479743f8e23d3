import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { hasRole, type TConfig, type TRoleName } from './config';
import { createAdminRepository } from './modules/admin/admin.repository';
import { adminRoutes } from './modules/admin/admin.routes';
import { createAdminService } from './modules/admin/admin.service';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createAuthenticator } from './modules/auth/authenticate';
import { createCodeHasher } from './modules/auth/codes';
import { createGoogleClient } from './modules/auth/google';
import { createTokenService } from './modules/auth/tokens';
import { createTwoFactorService } from './modules/auth/two-factor.service';
import { healthRoutes } from './modules/health/health.routes';
import { createCandlesRepository } from './modules/market/candles.repository';
import { createKlinesService } from './modules/market/klines.service';
import { marketRoutes } from './modules/market/market.routes';
import type { PriceBoard } from './modules/market/price-board';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotifier } from './modules/notifications/notifications.service';
import { createPriceAlertsService } from './modules/notifications/price-alerts.service';
import { cachedPairs } from './modules/pairs/pair-cache';
import { limitedPairs } from './modules/pairs/pair-limits';
import { createPairsRepository } from './modules/pairs/pairs.repository';
import { pairsRoutes } from './modules/pairs/pairs.routes';
import { createPairsService } from './modules/pairs/pairs.service';
import { profileRoutes } from './modules/profile/profile.routes';
import { createProfileService } from './modules/profile/profile.service';
import { ratePpmOf } from './modules/referrals/commission';
import { referralsRoutes } from './modules/referrals/referrals.routes';
import { createReferralsService } from './modules/referrals/referrals.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import type { SettingsService } from './modules/settings/settings.service';
import { attachStreamServer } from './modules/stream/stream-server';
import { createTicketsRepository } from './modules/tickets/tickets.repository';
import { ticketsRoutes } from './modules/tickets/tickets.routes';
import { createTicketsService } from './modules/tickets/tickets.service';
import { createOrdersRepository } from './modules/trading/orders.repository';
import { ordersRoutes } from './modules/trading/orders.routes';
import { createOrdersService, quotesOf } from './modules/trading/orders.service';
import { createPortfolioService } from './modules/trading/portfolio.service';
import { depositNetworks, senderNetworks } from './modules/wallet/chain-config';
import { createAddressDeriver } from './modules/wallet/hd';
import { createWalletRepository } from './modules/wallet/wallet.repository';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { createWalletService } from './modules/wallet/wallet.service';
import { walletAdminRoutes } from './modules/wallet/wallet-admin.routes';
import { createWalletAdmin } from './modules/wallet/wallet-admin.service';
import { createWalletNotices } from './modules/wallet/wallet-notices';
import type { Bus } from './platform/bus/bus';
import type { DatabaseHandle } from './platform/db/client';
import { registerCsrf } from './platform/http/csrf';
import { registerErrorHandling } from './platform/http/error-handler';
import { documentSecurityHeaders, registerSecurityHeaders } from './platform/http/security';
import { createUrlSigner } from './platform/http/signed-url';
import {
  inlineScriptHashes,
  readIndexHtml,
  registerSharedPrefixPages,
  registerWebApp,
  type WebAppPage,
  webAppFallback,
} from './platform/http/web-app';
import type { Logger } from './platform/logger';
import type { Mailer } from './platform/mail/mailer';
import type { RateLimiter } from './platform/rate-limit';

export type RoleState = 'active' | 'standby';

/** What every module's routes may use. Built once by the runtime (or a test) and passed down. */
export interface AppDeps {
  config: TConfig;
  db: DatabaseHandle;
  bus: Bus;
  logger: Logger;
  roleStatus: () => Partial<Record<TRoleName, RoleState>>;
  /** The built web app; unset (tests) means no web app is served. */
  webDistDir?: string | undefined;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Signs session tokens and keys the hashes of e-mailed codes. */
  jwtSecret: Uint8Array;
  /** The process's live prices (started by the caller): one per process, whatever its roles. */
  board: PriceBoard;
  /** The process's platform settings, cached and kept fresh over the bus (closed by the caller). */
  settings: SettingsService;
}

/** Where Google Identity Services loads from, allowed by the page's CSP when Google sign-in is on. */
const GOOGLE_GSI_ORIGIN = 'https://accounts.google.com';
/** A ticket attachment's link opens for one to two of these windows after the ticket is read. */
const ATTACHMENT_LINK_WINDOW_MS = 60 * 60 * 1000;

/** Limits on what a client may send: named here so they are found and changed in one place. */
export const HTTP_LIMITS = {
  bodyBytesMax: 1024 * 1024,
  paramLengthMax: 200,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 65_000,
} as const;

/** Builds the HTTP app for the roles this process runs; the caller listens (or injects, in tests). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app: FastifyInstance = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: HTTP_LIMITS.bodyBytesMax,
    requestTimeout: HTTP_LIMITS.requestTimeoutMs,
    keepAliveTimeout: HTTP_LIMITS.keepAliveTimeoutMs,
    return503OnClosing: true,
    trustProxy: 'loopback',
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: HTTP_LIMITS.paramLengthMax },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const isHttps = config.PUBLIC_URL.startsWith('https://');
  const indexHtml = hasRole(config, 'api') && deps.webDistDir ? readIndexHtml(deps.webDistDir) : undefined;
  if (hasRole(config, 'api') && deps.webDistDir && !indexHtml) {
    deps.logger.warn({ dir: deps.webDistDir }, 'the web app is not built; run `npm run build` to serve it');
  }
  const page: WebAppPage | undefined = indexHtml
    ? {
        html: indexHtml,
        headers: documentSecurityHeaders({
          inlineScriptHashes: inlineScriptHashes(indexHtml),
          isHttps,
          // Google's sign-in script, its styles, its iframe and its calls (their documented CSP).
          ...(config.GOOGLE_CLIENT_ID
            ? { extraScriptSources: [GOOGLE_GSI_ORIGIN], extraFrameSources: [GOOGLE_GSI_ORIGIN] }
            : {}),
        }),
        isHttps,
      }
    : undefined;

  registerErrorHandling(app, { notFoundFallback: page ? webAppFallback(page) : undefined });
  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  registerCsrf(app);

  await app.register(healthRoutes(deps));
  const market = hasRole(config, 'api') || hasRole(config, 'stream') ? marketReaders(deps) : undefined;
  if (hasRole(config, 'api') && market) {
    if (page) registerSharedPrefixPages(app, page);
    await registerApiModules(app, deps, market);
    if (page && deps.webDistDir) await registerWebApp(app, deps.webDistDir, page);
  }
  if (hasRole(config, 'stream') && market) {
    const stream = attachStreamServer({
      httpServer: app.server,
      tokens: createTokenService(deps.jwtSecret),
      board: market.board,
      pairs: market.pairsRepo,
      klines: market.klines,
      logger: deps.logger,
      redisUrl: config.REDIS_URL,
      userEvents: { bus: deps.bus, balanceOf: market.balanceOf },
    });
    // Before the HTTP server closes: open websockets would otherwise hold the shutdown.
    app.addHook('preClose', () => stream.close());
  }
  return app;
}

/** What the API and the stream both read of the market: the live board and stored candles. */
function marketReaders(deps: AppDeps) {
  const pairsRepo = createPairsRepository(deps.db.db);
  const { board } = deps;
  const klines = createKlinesService({
    handle: deps.db,
    candles: createCandlesRepository(deps.db),
    pairs: pairsRepo,
    board,
  });
  const quotes = quotesOf(board);
  const ordersRepo = createOrdersRepository(deps.db.db);
  const portfolio = createPortfolioService({ db: deps.db.db, orders: ordersRepo, quotes });
  return { pairsRepo, board, klines, quotes, ordersRepo, portfolio, balanceOf: portfolio.balance };
}

/** The API's modules: each builds its services from the shared dependencies and adds its routes. */
async function registerApiModules(
  app: FastifyInstance,
  deps: AppDeps,
  market: ReturnType<typeof marketReaders>,
): Promise<void> {
  const { config, db, logger, mailer, limiter } = deps;
  const tokens = createTokenService(deps.jwtSecret);
  const codes = createCodeHasher(deps.jwtSecret);
  const authRepo = createAuthRepository(db.db);
  const authenticate = createAuthenticator(tokens, authRepo);
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? createGoogleClient({
          issuer: config.GOOGLE_ISSUER,
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
        })
      : undefined;
  const notifier = createNotifier({ db: db.db, bus: deps.bus, mailer, logger });
  const auth = createAuthService({
    notify: notifier.notify,
    repo: authRepo,
    tokens,
    codes,
    mailer,
    limiter,
    logger,
    publicUrl: config.PUBLIC_URL,
    google,
  });
  const twoFactor = createTwoFactorService({
    repo: authRepo,
    codes,
    mailer,
    logger,
    checkSecondFactor: auth.checkSecondFactor,
  });
  const avatarsDir = join(config.dataDir, 'uploads', 'avatars');
  const profile = createProfileService({ repo: authRepo, mailer, logger, avatarsDir });
  const { settings } = deps;
  const referrals = createReferralsService({ db: db.db, settings, publicUrl: config.PUBLIC_URL });

  await app.register(authRoutes({ auth, twoFactor, authenticate, tokens, streamUrl: config.STREAM_URL }));
  await app.register(profileRoutes({ profile, authenticate, avatarsDir }));
  await app.register(settingsRoutes(settings));
  await app.register(referralsRoutes({ referrals, authenticate }));
  const alerts = createPriceAlertsService({ db: db.db, bus: deps.bus, pairs: market.pairsRepo, logger });
  await app.register(notificationsRoutes({ notifier, alerts, authenticate }));

  // Pairs as traders get them: within the platform-wide trading settings (caps, order limits).
  const pairRows = cachedPairs(market.pairsRepo, deps.bus);
  app.addHook('onClose', () => pairRows.close());
  const tradingPairs = limitedPairs(pairRows, () => settings.get('trading'));
  await app.register(pairsRoutes({ pairs: createPairsService(tradingPairs), authenticate }));
  await app.register(marketRoutes({ board: market.board, klines: market.klines, pairs: market.pairsRepo }));

  const { ordersRepo, quotes, portfolio } = market;
  const orders = createOrdersService({
    handle: db,
    db: db.db,
    orders: ordersRepo,
    pairs: tradingPairs,
    quotes,
    bus: deps.bus,
    logger,
    feePpm: async () => ratePpmOf((await settings.get('trading')).openingFeeRate),
    onFeeCharged: referrals.creditCommission,
  });
  await app.register(ordersRoutes({ orders, repo: ordersRepo, portfolio, authenticate }));

  const attachmentsDir = join(config.dataDir, 'uploads', 'tickets');
  const attachmentLinks = createUrlSigner(deps.jwtSecret, { windowMs: ATTACHMENT_LINK_WINDOW_MS });
  const tickets = createTicketsService({
    db: db.db,
    repo: createTicketsRepository(db.db),
    notify: notifier.notify,
    attachmentsDir,
    publicUrl: config.PUBLIC_URL,
    signUrl: attachmentLinks.sign,
  });
  await app.register(ticketsRoutes({ tickets, authenticate, attachmentsDir, links: attachmentLinks }));
  const adminRepo = createAdminRepository(db.db);
  const walletRepo = createWalletRepository(db.db);
  const admin = createAdminService({
    db: db.db,
    repo: adminRepo,
    auth: authRepo,
    profile,
    orders,
    ordersRepo,
    pairs: market.pairsRepo,
    tickets,
    settings,
    bus: deps.bus,
    logger,
    wallet: walletRepo,
  });
  await app.register(adminRoutes({ admin, tickets, authenticate }));
  const wallet = createWalletService({
    db: db.db,
    repo: walletRepo,
    deriver: createAddressDeriver({ xpub: config.WALLET_XPUB, mnemonic: config.WALLET_MNEMONIC }),
    settings,
    prices: market.board,
    auth,
    logger,
    depositNetworks: depositNetworks(config),
  });
  await app.register(walletRoutes({ wallet, authenticate }));
  const walletAdmin = createWalletAdmin({
    db: db.db,
    repo: walletRepo,
    logger,
    senderNetworks: senderNetworks(config),
    audit: adminRepo,
    notices: createWalletNotices(notifier.notify),
  });
  await app.register(walletAdminRoutes({ admin: walletAdmin, authenticate }));
}
