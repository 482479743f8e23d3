import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import { hasRole, type TTrustProxy } from './config';
import { adminRoutes } from './modules/admin/admin.routes';
import { announcementsRoutes } from './modules/announcements/announcements.routes';
import { createApiKeyAuth } from './modules/api-keys/api-key-auth';
import { createApiKeysRepository } from './modules/api-keys/api-keys.repository';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { type ApiKeysService, createApiKeysService } from './modules/api-keys/api-keys.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthenticator } from './modules/auth/authenticate';
import { passkeysRoutes } from './modules/auth/passkeys.routes';
import { proofRoutes } from './modules/auth/proof.routes';
import { balanceOperationsRoutes } from './modules/balance-operations/balance-operations.routes';
import { groupsRoutes } from './modules/groups/groups.routes';
import { tradingTermsRoutes } from './modules/groups/trading-terms.routes';
import { healthRoutes } from './modules/health/health.routes';
import { kycRoutes } from './modules/kyc/kyc.routes';
import { marketRoutes } from './modules/market/market.routes';
import { isMarketOpen } from './modules/market/market-hours';
import { feedStatuses } from './modules/market/price-sources';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { pairsRoutes } from './modules/pairs/pairs.routes';
import { chartSettingsRoutes } from './modules/profile/chart-settings.routes';
import { oneClickRoutes } from './modules/profile/one-click.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { ratePpmOf } from './modules/referrals/commission';
import { referralsRoutes } from './modules/referrals/referrals.routes';
import { referralsAdminRoutes } from './modules/referrals/referrals-admin.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { riskRoutes } from './modules/risk/risk.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { attachStreamServer } from './modules/stream/stream-server';
import { ticketsRoutes } from './modules/tickets/tickets.routes';
import { ordersRoutes } from './modules/trading/orders.routes';
import { tradingStatsRoutes } from './modules/trading/trading-stats.routes';
import { createWalletRepository } from './modules/wallet/wallet.repository';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { walletAdminRoutes } from './modules/wallet/wallet-admin.routes';
import { unauthenticated } from './platform/errors';
import { registerAccessControl } from './platform/http/access';
import { declareCookies, parseCookies } from './platform/http/cookies';
import { csrfRefusal } from './platform/http/csrf';
import { answerFrameworkError, registerErrorHandling } from './platform/http/error-handler';
import { registerApiReference, registerOpenApi } from './platform/http/openapi';
import { COMPRESS_ABOVE_BYTES } from './platform/http/precompressed';
import { requestLogFor } from './platform/http/request-log';
import { requestLogger } from './platform/http/request-logger';
import { apiSecurityHeaders, documentSecurityHeaders } from './platform/http/security';
import { createUrlSigner, signedLinkGuard } from './platform/http/signed-url';
import { requestValidatorCompiler } from './platform/http/validation';
import {
  inlineScriptHashes,
  readIndexHtml,
  readPrerenderedPages,
  registerSharedPrefixPages,
  registerWebApp,
  type WebAppPage,
  webAppFallback,
} from './platform/http/web-app';
import { LOG_SERIALIZERS } from './platform/log-redaction';
import { isRecordingLoopBlocks, markLoopWork } from './platform/loop-blocks';
import { outboxRoutes } from './platform/mail/outbox.routes';
import { isMetricsToken, recordHttp } from './platform/metrics/metrics';
import { registerRequestContext, requestIdFor } from './platform/request-context';
import { type ApiServices, type CoreServices, createApiServices, createCoreServices } from './services';

/** How far back the metrics count failed withdrawals (the alert fires while any is in it). */
const FAILED_WITHDRAWALS_WINDOW_MS = 24 * 60 * 60 * 1000;

export type { AppDeps, RoleState } from './app-deps';

/** A ticket attachment's link opens for one to two of these windows after the ticket is read. */
const ATTACHMENT_LINK_WINDOW_MS = 60 * 60 * 1000;
/** An identity document's link opens for five to ten minutes after the submission is read. */
const DOCUMENT_LINK_WINDOW_MS = 5 * 60 * 1000;

/** Limits on what a client may send: named here so they are found and changed in one place. */
export const HTTP_LIMITS = {
  bodyBytesMax: 1024 * 1024,
  paramLengthMax: 200,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 65_000,
  /** How long a stopping server leaves connections with no request open before closing them. */
  closeIdleGraceMs: 1_000,
  /** Answers at least this big are compressed (br or gzip) when the client accepts it. */
  compressAboveBytes: COMPRESS_ABOVE_BYTES,
} as const;

/**
 * Which proxies may tell a client's address (X-Forwarded-For): a hop count trusts that many hops
 * in front of the server, whoever they are (only for a server no client can reach directly); a
 * list trusts those addresses and networks only. Rate limits and sign-in history use the result.
 */
function trustProxyOption(trust: TTrustProxy): string[] | ((address: string, hop: number) => boolean) {
  if (trust.kind === 'addresses') return trust.addresses;
  const { hops } = trust;
  return (_address, hop) => hop < hops;
}

/** Builds the HTTP app for the roles this process runs; the caller listens (or injects, in tests). */
export async function buildApp(
  deps: AppDeps,
  core: CoreServices = createCoreServices(deps),
): Promise<FastifyInstance> {
  const { config } = deps;
  const logController = requestLogFor(config);
  const app: FastifyInstance = Fastify({
    // The request log's URLs lose their secrets whichever logger the caller gave.
    loggerInstance: deps.logger.child({}, { serializers: LOG_SERIALIZERS }) as FastifyBaseLogger,
    // In development, requests are logged at debug level (see request-log.ts).
    ...(logController ? { logController } : {}),
    // A request's logger is made when it first writes a line the level keeps (request-logger.ts).
    childLoggerFactory: requestLogger,
    bodyLimit: HTTP_LIMITS.bodyBytesMax,
    requestTimeout: HTTP_LIMITS.requestTimeoutMs,
    keepAliveTimeout: HTTP_LIMITS.keepAliveTimeoutMs,
    // A stopping process still answers what reached it (a connection the kernel accepted just
    // before the listener closed must not be lost); see the `preClose` hook below.
    return503OnClosing: false,
    // Idle connections are closed by the `preClose` hook after a grace, not at once: one the
    // listener accepted a moment before closing has not sent its request yet, and is not idle.
    forceCloseConnections: false,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    genReqId: (request) => requestIdFor(request.headers['x-request-id']),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: HTTP_LIMITS.paramLengthMax },
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Once stopping, each answer closes its connection: the client's next request opens a new one,
  // which the balancer sends to a process that stays.
  let isClosing = false;
  app.addHook('preClose', (done) => {
    isClosing = true;
    // Past the grace, a connection with no request is a kept-alive one at rest: closed, so that
    // the server's close does not wait for its keep-alive timeout.
    setTimeout(() => app.server.closeIdleConnections(), HTTP_LIMITS.closeIdleGraceMs).unref();
    done();
  });
  if (deps.metrics) recordHttp(app, deps.metrics);
  if (isRecordingLoopBlocks()) {
    app.addHook('onRequest', (request, _reply, done) => {
      markLoopWork(`${request.method} ${request.routeOptions.url ?? 'unrouted'}`);
      done();
    });
  }
  const isHttps = config.PUBLIC_URL.startsWith('https://');
  const apiHeaders = apiSecurityHeaders({ isHttps });
  // What every request does first, in one hook (each app-wide hook costs its call on every
  // request): the answer names its request and carries the API's security headers (the page's own
  // replace them); the cookies are read; a forged cookie-authenticated change is refused.
  registerRequestContext(app, (request, reply) => {
    reply.headers(apiHeaders);
    reply.header('x-request-id', request.id);
    if (isClosing) reply.header('connection', 'close');
    request.cookies = parseCookies(request.headers.cookie);
    return csrfRefusal(request);
  });

  const indexHtml = hasRole(config, 'api') && deps.webDistDir ? readIndexHtml(deps.webDistDir) : undefined;
  if (hasRole(config, 'api') && deps.webDistDir && !indexHtml) {
    deps.logger.warn({ dir: deps.webDistDir }, 'the web app is not built; run `npm run build` to serve it');
  }
  const page: WebAppPage | undefined = indexHtml
    ? {
        html: indexHtml,
        prerendered: deps.webDistDir ? readPrerenderedPages(deps.webDistDir) : new Map(),
        headers: documentSecurityHeaders({
          inlineScriptHashes: inlineScriptHashes(indexHtml),
          streamUrl: config.STREAM_URL,
          isHttps,
          // Google sign-in runs no script of Google's in the page (the code flow is a navigation).
        }),
        isHttps,
        readSettings: () => deps.settings.read('general'),
      }
    : undefined;

  registerErrorHandling(app, { notFoundFallback: page ? webAppFallback(page) : undefined });
  // Cookies are read by the first hook above (registerRequestContext), not by a hook of their own.
  declareCookies(app);
  // Before the static files: built assets go out as their precompressed .br/.gz siblings, and
  // JSON above the threshold is compressed as it is sent (the pages, by web-app.ts). Request
  // bodies are never decompressed: the body limit applies to what arrives.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: HTTP_LIMITS.compressAboveBytes,
    globalDecompression: false,
  });
  // Before any route: each declares who may call it, and this installs the check.
  const authenticate = createAuthenticator(core.tokens, core.authRepo, { watchWrites: deps.db.watchWrites });
  const attachmentLinks = createUrlSigner(deps.jwtSecret, { windowMs: ATTACHMENT_LINK_WINDOW_MS });
  // Both sign with one secret: the guard checks a link's signature and expiry, whatever its window.
  const documentLinks = createUrlSigner(deps.jwtSecret, { windowMs: DOCUMENT_LINK_WINDOW_MS });
  // Programs sign their requests with an API key instead of a session, on the routes that say so.
  const apiKeysRepo = createApiKeysRepository(deps.db.db);
  const apiKeys = createApiKeysService({
    repo: apiKeysRepo,
    serverSecret: deps.jwtSecret,
    notify: core.notifier.notify,
    publicUrl: config.PUBLIC_URL,
  });
  const apiKeyAuth = createApiKeyAuth({
    repo: apiKeysRepo,
    secretOf: apiKeys.secretOf,
    claimNonce: core.authRepo.claimNonce,
    limiter: deps.limiter,
    bodyLimitBytes: HTTP_LIMITS.bodyBytesMax,
  });
  apiKeyAuth.register(app);
  registerAccessControl(app, {
    ...authenticate,
    user: apiKeyAuth.orSession(authenticate.user),
    signed: signedLinkGuard(attachmentLinks),
  });

  if (hasRole(config, 'api')) {
    await registerOpenApi(app, { publicUrl: config.PUBLIC_URL, title: 'Trading Desk' });
  }

  const feeds = async () =>
    feedStatuses(deps.board.all(), config, {
      maxAgeMs: (await deps.settings.get('trading')).maxQuoteAgeMs,
      isOpen: (pairType) => isMarketOpen(pairType, Date.now()),
    });
  await app.register(healthRoutes({ ...deps, feeds }));
  if (deps.metrics) {
    const { metrics } = deps;
    metrics.watchFeeds(feeds);
    const wallet = createWalletRepository(deps.db.db);
    metrics.watchFailedWithdrawals(() =>
      wallet.failedWithdrawalsSince(new Date(Date.now() - FAILED_WITHDRAWALS_WINDOW_MS)),
    );
    const offTicks = deps.board.onTick((tick) => metrics.ticks.inc({ pair_type: tick.pairType }));
    deps.bus.observeLag((channel, seconds) => metrics.busLag.observe({ channel }, seconds));
    deps.db.observeCheckouts?.((seconds) => metrics.dbHeld.observe(seconds));
    app.addHook('onClose', async () => offTicks());
  }
  const { metrics } = deps;
  if (metrics && config.METRICS_TOKEN && config.METRICS_PORT === undefined) {
    const token = config.METRICS_TOKEN;
    // Public in the route table, answered only to the metrics token: Prometheus scrapes with it.
    app.get('/metrics', { config: { access: 'public' } }, async (request, reply) => {
      if (!isMetricsToken(request.headers.authorization, token)) {
        throw unauthenticated('The metrics need their token');
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  }
  if (hasRole(config, 'api')) {
    const api = createApiServices(deps, core, { attachments: attachmentLinks, documents: documentLinks });
    app.addHook('onClose', () => api.close());
    if (page) registerSharedPrefixPages(app, page);
    await registerApiRoutes(app, deps, api, core, apiKeys);
    await registerApiReference(app);
    if (page && deps.webDistDir) await registerWebApp(app, deps.webDistDir, page);
  }
  if (hasRole(config, 'stream')) {
    const stream = attachStreamServer({
      httpServer: app.server,
      tokens: core.tokens,
      board: deps.board,
      pairs: core.pairsRepo,
      klines: core.klines,
      logger: deps.logger,
      redisUrl: config.REDIS_URL,
      userEvents: { bus: deps.bus, balanceOf: core.portfolio.balance },
      onSent: (event, recipients) => deps.metrics?.streamMessages.inc({ event }, recipients),
      sessions: {
        bus: deps.bus,
        liveSessions: core.authRepo.liveSessions,
        recheckMs: deps.sessionRecheckMs,
      },
      risk: {
        bus: deps.bus,
        // Staff as the back-office's routes see them: without a second factor, no role at all.
        roleOf: async (userId) => {
          const user = await core.authRepo.findUserById(userId);
          if (!user) return undefined;
          const isStaffWithoutFactor =
            user.role !== 'user' && !user.tfaEnabled && !(await core.authRepo.hasPasskeys(user.id));
          return isStaffWithoutFactor ? undefined : user.role;
        },
        exposure: core.risk.exposure,
      },
    });
    // Before the HTTP server closes: open websockets would otherwise hold the shutdown.
    app.addHook('preClose', () => stream.close());
    deps.metrics?.countStreamClients(() => stream.io.engine.clientsCount);
  }
  return app;
}

/** The API's routes: each module's plugin, given the services built once for the process. */
async function registerApiRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  api: ApiServices,
  core: CoreServices,
  apiKeys: ApiKeysService,
) {
  const { config } = deps;
  const { admin } = api;
  const routes = [
    // Before the two-factor code route: a table walk reaches the sign-in's methods while it waits.
    passkeysRoutes({ passkeys: api.passkeys, auth: api.auth }),
    authRoutes({
      auth: api.auth,
      twoFactor: api.twoFactor,
      tokens: core.tokens,
      streamUrl: config.STREAM_URL,
      secureCookies: config.PUBLIC_URL.startsWith('https://'),
    }),
    // Before the profile's: a table walk makes and revokes a key before signing out everywhere
    // (which revokes every key).
    apiKeysRoutes({ apiKeys, proof: api.proof }),
    profileRoutes({ profile: api.profile, avatarsDir: api.avatarsDir, limiter: deps.limiter }),
    proofRoutes({ proof: api.proof }),
    chartSettingsRoutes({ db: deps.db.db }),
    oneClickRoutes({ db: deps.db.db }),
    tradingTermsRoutes({
      db: deps.db.db,
      feePpm: async () => ratePpmOf((await deps.settings.get('trading')).openingFeeRate),
    }),
    settingsRoutes(deps.settings),
    outboxRoutes({ config }),
    referralsRoutes({ referrals: core.referrals }),
    notificationsRoutes({ notifier: core.notifier, alerts: api.alerts }),
    pairsRoutes({ pairs: api.pairs, specs: api.pairSpecs }),
    marketRoutes({ board: deps.board, klines: core.klines, pairs: core.pairsRepo }),
    ordersRoutes({
      orders: api.orders,
      repo: core.ordersRepo,
      portfolio: core.portfolio,
      onAnswered: (order) => deps.metrics?.orders.inc({ account: order.book, status: order.status }),
      limiter: deps.limiter,
      tradingLimit: deps.tradingLimit,
    }),
    tradingStatsRoutes({
      db: deps.db.db,
      orders: core.ordersRepo,
      portfolio: core.portfolio,
      ensureDemoFunded: api.orders.ensureDemoFunded,
    }),
    ticketsRoutes({ tickets: api.tickets, attachmentsDir: api.attachmentsDir, limiter: deps.limiter }),
    adminRoutes({ ...admin, admin: admin.overview }),
    walletRoutes({ wallet: api.wallet }),
    walletAdminRoutes({ admin: admin.wallet }),
    referralsAdminRoutes({ admin: admin.referrals }),
    groupsRoutes({ groups: admin.groups }),
    balanceOperationsRoutes({ operations: admin.balanceOperations }),
    reportsRoutes({ reports: admin.reports }),
    announcementsRoutes({ announcements: admin.announcements }),
    riskRoutes({ risk: admin.risk }),
    kycRoutes({ kyc: api.kyc, admin: admin.kyc, limiter: deps.limiter }),
  ];
  for (const plugin of routes) await app.register(plugin);
}
