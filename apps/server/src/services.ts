import { join } from 'node:path';
import { parseScaled } from '@td/contracts/decimal';
import type { AppDeps } from './app-deps';
import { createAdminRepository } from './modules/admin/admin.repository';
import { createAdminService } from './modules/admin/admin.service';
import { createAuditLog } from './modules/admin/audit';
import { createAnnouncementsService } from './modules/announcements/announcements.service';
import { createApiKeysRepository } from './modules/api-keys/api-keys.repository';
import { createApiKeyRevoker } from './modules/api-keys/api-keys-revoked';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createAuthService } from './modules/auth/auth.service';
import { createCodeHasher } from './modules/auth/codes';
import { createGoogleClient } from './modules/auth/google';
import { createPasskeysService } from './modules/auth/passkeys.service';
import { createProofCheck } from './modules/auth/proof';
import { createSessionEnder } from './modules/auth/sessions';
import { createTokenService } from './modules/auth/tokens';
import { createTwoFactorService } from './modules/auth/two-factor.service';
import { createBalanceOperations } from './modules/balance-operations/balance-operations.service';
import { createGroupsService } from './modules/groups/groups.service';
import { createDocumentSeal, loadKycKey } from './modules/kyc/document-seal';
import { createIdentityFacts } from './modules/kyc/identity';
import { createKycRepository } from './modules/kyc/kyc.repository';
import { createKycService } from './modules/kyc/kyc.service';
import { createKycAdmin } from './modules/kyc/kyc-admin.service';
import { createCandlesRepository } from './modules/market/candles.repository';
import { createKlinesService } from './modules/market/klines.service';
import { pricePolicy } from './modules/market/price-sources';
import { createNotifier } from './modules/notifications/notifications.service';
import { createPriceAlertsService } from './modules/notifications/price-alerts.service';
import { cachedPairs } from './modules/pairs/pair-cache';
import { limitedPairs } from './modules/pairs/pair-limits';
import { createPairSpecs } from './modules/pairs/pair-spec';
import { createPairsRepository } from './modules/pairs/pairs.repository';
import { createPairsService } from './modules/pairs/pairs.service';
import { createPairsAdmin } from './modules/pairs/pairs-admin.service';
import { createPairsBodies } from './modules/pairs/pairs-body';
import { createProfileService } from './modules/profile/profile.service';
import { createUsersAdmin } from './modules/profile/users-admin.service';
import { ratePpmOf } from './modules/referrals/commission';
import { createReferralsService } from './modules/referrals/referrals.service';
import { createReferralsAdmin } from './modules/referrals/referrals-admin.service';
import { createReportsService } from './modules/reports/reports.service';
import { createExposureAlerts } from './modules/risk/exposure-limit';
import { createRiskService } from './modules/risk/risk.service';
import { brandOf } from './modules/settings/settings.service';
import { createSettingsAdmin } from './modules/settings/settings-admin.service';
import { createTicketsRepository } from './modules/tickets/tickets.repository';
import { createTicketsService, ticketAttachmentsDir } from './modules/tickets/tickets.service';
import { createTicketsAdmin } from './modules/tickets/tickets-admin.service';
import { createOrdersRepository } from './modules/trading/orders.repository';
import { createOrdersService } from './modules/trading/orders.service';
import { createOrdersAdmin } from './modules/trading/orders-admin.service';
import { createPortfolioService } from './modules/trading/portfolio.service';
import { quotesOf } from './modules/trading/quotes';
import { createOrderAnnouncer } from './modules/trading/trading-channels';
import { depositNetworks, senderNetworks } from './modules/wallet/chain-config';
import { createAddressDeriver } from './modules/wallet/hd';
import { valuationRules } from './modules/wallet/prices';
import { createWalletRepository } from './modules/wallet/wallet.repository';
import { createWalletService } from './modules/wallet/wallet.service';
import { createWalletAdmin } from './modules/wallet/wallet-admin.service';
import { createWalletNotices } from './modules/wallet/wallet-notices';
import type { UrlSigner } from './platform/http/signed-url';

/**
 * What every role of a process shares, built once: the API's routes, the stream and the singleton
 * roles' workers read the same repositories and send notifications through the same notifier.
 * Building it has no side effects (no timers, no subscriptions).
 */
export function createCoreServices(deps: AppDeps) {
  const { config, db, bus, logger, mailer, board, settings } = deps;
  const authRepo = createAuthRepository(db.db);
  const pairsRepo = createPairsRepository(db.db);
  const ordersRepo = createOrdersRepository(db.db);
  const quotes = quotesOf(board);
  const brand = brandOf(settings);
  const identity = createIdentityFacts({ repo: createKycRepository(db.db), settings });
  const notifier = createNotifier({ db: db.db, bus, mailer, logger, users: authRepo, brand });
  return {
    identity,
    brand,
    tokens: createTokenService(deps.jwtSecret),
    authRepo,
    sessions: createSessionEnder({
      repo: authRepo,
      bus,
      logger,
      revokeApiKeys: createApiKeyRevoker({
        repo: createApiKeysRepository(db.db),
        notify: notifier.notify,
        publicUrl: config.PUBLIC_URL,
      }),
    }),
    notifier,
    referrals: createReferralsService({
      db: db.db,
      settings,
      publicUrl: config.PUBLIC_URL,
      users: authRepo,
      orders: ordersRepo,
      identity,
    }),
    pairsRepo,
    ordersRepo,
    quotes,
    prices: pricePolicy(config),
    klines: createKlinesService({
      handle: db,
      candles: createCandlesRepository(db),
      pairs: pairsRepo,
      board,
    }),
    portfolio: createPortfolioService({ db: db.db, orders: ordersRepo, quotes }),
    /** The dealing desk's live risk (the API's route and the stream's `admin:risk` channel). */
    risk: createRiskService({ db: db.db, pairs: pairsRepo, quotes }),
  };
}
export type CoreServices = ReturnType<typeof createCoreServices>;

/**
 * The API role's services, each built once, in dependency order. `close` ends what they keep open
 * (the pair cache's subscription).
 */
export function createApiServices(
  deps: AppDeps,
  core: CoreServices,
  links: { attachments: UrlSigner; documents: UrlSigner },
) {
  const { config, db, bus, logger, mailer, limiter, settings } = deps;
  const { authRepo, sessions, notifier, referrals } = core;
  const codes = createCodeHasher(deps.jwtSecret);
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? createGoogleClient({
          issuer: config.GOOGLE_ISSUER,
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
        })
      : undefined;
  const auth = createAuthService({
    notify: notifier.notify,
    repo: authRepo,
    sessions,
    tokens: core.tokens,
    codes,
    mailer,
    limiter,
    logger,
    publicUrl: config.PUBLIC_URL,
    google,
    brand: core.brand,
  });
  const proof = createProofCheck({
    repo: authRepo,
    codes,
    limiter,
    checkSecondFactor: auth.checkSecondFactor,
    sendActionCode: auth.sendActionCode,
  });
  const passkeys = createPasskeysService({
    repo: authRepo,
    auth,
    proof,
    limiter,
    publicUrl: config.PUBLIC_URL,
    appName: async () => (await core.brand()).appName,
    notify: notifier.notify,
  });
  const twoFactor = createTwoFactorService({
    repo: authRepo,
    sessions,
    codes,
    mailer,
    limiter,
    logger,
    checkSecondFactor: auth.checkSecondFactor,
    proof,
    brand: core.brand,
  });
  const avatarsDir = join(config.dataDir, 'uploads', 'avatars');
  const profile = createProfileService({
    repo: authRepo,
    sessions,
    mailer,
    logger,
    limiter,
    avatarsDir,
    brand: core.brand,
  });
  const walletRepo = createWalletRepository(db.db);
  const kycRepo = createKycRepository(db.db);
  const documentSeal = createDocumentSeal(loadKycKey(config));
  const kyc = createKycService({
    db: db.db,
    repo: kycRepo,
    settings,
    seal: documentSeal,
    withdrawnSince: walletRepo.withdrawnSince,
  });
  const alerts = createPriceAlertsService({ db: db.db, bus, pairs: core.pairsRepo, logger });

  // Pairs as traders get them: within the platform-wide trading settings (caps, order limits).
  const pairRows = cachedPairs(core.pairsRepo, bus);
  const tradingPairs = limitedPairs(pairRows, () => settings.get('trading'));
  const pairBodies = createPairsBodies({
    repo: pairRows,
    tradingSettings: () => settings.get('trading'),
    tradingSettingsNow: () => settings.peek('trading'),
    prices: core.prices,
    bus,
  });
  const orders = createOrdersService({
    handle: db,
    db: db.db,
    orders: core.ordersRepo,
    pairs: tradingPairs,
    quotes: core.quotes,
    prices: core.prices,
    requireRealTrading: kyc.requireRealTrading,
    maxQuoteAgeMs: async () => (await settings.get('trading')).maxQuoteAgeMs,
    bus,
    logger,
    feePpm: async () => ratePpmOf((await settings.get('trading')).openingFeeRate),
    demoStartCents: async () => parseScaled((await settings.get('trading')).demoStartBalance, 2),
    onFeeCharged: referrals.creditCommission,
    onExposureLimit: createExposureAlerts({ db: db.db, bus, notify: notifier.notify, logger }),
  });

  const attachmentsDir = ticketAttachmentsDir(config.dataDir);
  const tickets = createTicketsService({
    db: db.db,
    repo: createTicketsRepository(db.db),
    notify: notifier.notify,
    attachmentsDir,
    publicUrl: config.PUBLIC_URL,
    signUrl: links.attachments.sign,
  });
  const wallet = createWalletService({
    db: db.db,
    repo: walletRepo,
    deriver: createAddressDeriver({ xpub: config.WALLET_XPUB, mnemonic: config.WALLET_MNEMONIC }),
    settings,
    prices: deps.board,
    pricePolicy: core.prices,
    auth,
    identity: kyc,
    logger,
    depositNetworks: depositNetworks(config),
  });

  // The back-office: each module's administrator operations, every change written to one audit log.
  const adminRepo = createAdminRepository(db.db);
  const audit = createAuditLog({ db: db.db, repo: adminRepo });
  const emailOf = async (userId: string) => (await authRepo.findUserById(userId))?.email;
  const users = createUsersAdmin({
    db: db.db,
    auth: authRepo,
    sessions,
    audit,
    hasLiveRealOrders: async (userId) => (await core.ordersRepo.live(userId, 'real')).length > 0,
    eraseIdentity: kyc.erase,
    revokeApiKeys: createApiKeysRepository(db.db).revokeAll,
  });
  const referralsAdmin = createReferralsAdmin({
    db: db.db,
    users: authRepo,
    identity: core.identity,
    audit,
    notify: notifier.notify,
  });
  const groups = createGroupsService({ db: db.db, audit, announce: createOrderAnnouncer({ bus, logger }) });
  const balanceOperations = createBalanceOperations({
    db: db.db,
    audit,
    settings,
    notify: notifier.notify,
    logger,
  });
  const admin = {
    overview: createAdminService({
      db: db.db,
      repo: adminRepo,
      users,
      profile,
      orders: core.ordersRepo,
      wallet: walletRepo,
      referrals: referralsAdmin,
      groups,
    }),
    referrals: referralsAdmin,
    users,
    orders: createOrdersAdmin({ db: db.db, repo: core.ordersRepo, orders, audit, emailOf }),
    pairs: createPairsAdmin({ pairs: core.pairsRepo, audit, bus, logger, prices: core.prices }),
    settings: createSettingsAdmin({ settings, audit }),
    tickets: createTicketsAdmin({ tickets, audit }),
    groups,
    balanceOperations,
    reports: createReportsService({
      db: db.db,
      statementTimeoutMs: config.DB_REPORT_STATEMENT_TIMEOUT_MS,
      prices: deps.board,
      rules: () => valuationRules(settings, core.prices),
    }),
    announcements: createAnnouncementsService({ db: db.db, audit, mail: notifier.email, logger }),
    risk: core.risk,
    wallet: createWalletAdmin({
      db: db.db,
      repo: walletRepo,
      logger,
      senderNetworks: senderNetworks(config),
      audit,
      notices: createWalletNotices(notifier.notify),
    }),
    kyc: createKycAdmin({
      repo: kycRepo,
      seal: documentSeal,
      audit,
      notify: notifier.notify,
      logger,
      signUrl: links.documents.sign,
    }),
  };

  return {
    auth,
    proof,
    passkeys,
    twoFactor,
    profile,
    avatarsDir,
    alerts,
    pairs: createPairsService({ repo: tradingPairs, bodies: pairBodies }),
    pairSpecs: createPairSpecs({
      db: db.db,
      pairs: tradingPairs,
      prices: core.prices,
      quotes: core.quotes,
    }),
    orders,
    tickets,
    attachmentsDir,
    wallet,
    kyc,
    admin,
    close: async () => {
      await Promise.all([pairRows.close(), pairBodies.close()]);
    },
  };
}
export type ApiServices = ReturnType<typeof createApiServices>;
