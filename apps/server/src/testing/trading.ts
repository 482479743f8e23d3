import type { TKycDetailsInput } from '@td/contracts/kyc';
import type { TStaffRole } from '@td/contracts/staff';
import { type SQL, sql } from 'drizzle-orm';
import pino from 'pino';
import { cash, driftedAccounts, house, ledgerTotal, post } from '../modules/ledger/ledger';
import { MARKET_TICK_CHANNEL, type TMarketTick } from '../modules/market/market-events';
import { fillExposureGuard } from '../modules/risk/exposure-limit';
import { createSettlement } from '../modules/trading/order-settlement';
import { createOrdersRepository } from '../modules/trading/orders.repository';
import { quotesOf } from '../modules/trading/quotes';
import { createOrderAnnouncer } from '../modules/trading/trading-channels';
import { createTriggerEngine, type TriggerEngine } from '../modules/trading/trigger-engine';
import type { Logger } from '../platform/logger';
import type { RateLimitRule } from '../platform/rate-limit';
import { createCoreServices } from '../services';
import { bearer, createUser, randomIp, type TestUser } from './accounts';
import { buildTestApp, type TestApp } from './build-test-app';
import { verifyIdentity } from './kyc';
import { makeStaff } from './staff';
import { startTestMailbox } from './test-mailbox';

/**
 * A trading desk under test control: prices are set by the test (as market ticks on the bus), the
 * trigger engine runs as in the market role, and helpers place and read orders through the API.
 * `logger` replaces the silent one, for the app and the desk's own workers; `env` adds configuration.
 */
export async function startTradingDesk(
  options: { logger?: Logger; env?: Record<string, string>; tradingLimit?: RateLimitRule } = {},
) {
  const mailbox = await startTestMailbox();
  const logger = options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const t = await buildTestApp({
    env: { SMTP_URL: mailbox.url, ...options.env },
    logger,
    hasMetrics: true,
    ...(options.tradingLimit ? { tradingLimit: options.tradingLimit } : {}),
  });
  const repo = createOrdersRepository(t.deps.db.db);
  // The same notifier and referral commission the processes' roles share.
  const { notifier, referrals } = createCoreServices(t.deps);
  // The market role's orders service: what the trigger engine fills and closes through.
  const marketOrders = createSettlement({
    db: t.deps.db.db,
    orders: repo,
    announce: createOrderAnnouncer({ bus: t.deps.bus, logger }),
    onFeeCharged: referrals.creditCommission,
    ...fillExposureGuard({
      db: t.deps.db.db,
      bus: t.deps.bus,
      notify: notifier.notify,
      logger,
      quotes: quotesOf(t.deps.board),
    }),
  });
  const triggers: TriggerEngine = createTriggerEngine({
    repo,
    orders: marketOrders,
    bus: t.deps.bus,
    logger,
    notify: notifier.notify,
    onExecuted: (action) => t.deps.metrics?.triggers.inc({ action }),
    db: t.deps.db.db,
  });
  const stopTriggers = await triggers.start();

  // As the market role keeps prices fresh, the desk sends the last fresh quote of each pair again
  // every second (prices only: the triggers ran on it when it was set). A backdated one is left.
  const fresh = new Map<
    string,
    { bid: number; ask: number; pairType: TMarketTick['pairType']; precision: number }
  >();
  const refresher = setInterval(() => {
    for (const [symbol, quote] of fresh) {
      void t.deps.bus.publish(
        MARKET_TICK_CHANNEL,
        tickOf(symbol, quote.bid, quote.ask, quote.pairType, quote.precision, 0),
      );
    }
  }, QUOTE_REFRESH_MS);
  refresher.unref();

  /**
   * Sets a pair's quote (in minor units) as the market would, and runs the triggers on it;
   * `ageMs` backdates it (a feed that went quiet that long ago).
   */
  const setQuote = async (
    symbol: string,
    bid: number,
    ask: number,
    pairType: TMarketTick['pairType'] = 'crp',
    precision = 2,
    ageMs = 0,
  ) => {
    if (ageMs === 0) fresh.set(symbol, { bid, ask, pairType, precision });
    else fresh.delete(symbol);
    const tick = tickOf(symbol, bid, ask, pairType, precision, ageMs);
    await t.deps.bus.publish(MARKET_TICK_CHANNEL, tick);
    await new Promise((resolve) => setImmediate(resolve));
    // Order changes announced so far reach the books before this tick, as they would between ticks.
    await triggers.settled();
    triggers.onQuote(symbol, bid, ask);
    await triggers.settled();
    // Let the bus deliver the order changes the triggers announced.
    await new Promise((resolve) => setTimeout(resolve, 20));
  };

  let reviewer: TestUser | undefined;
  /** An administrator who approves identity documents, made on first use. */
  const kycReviewer = async () => {
    if (!reviewer) {
      reviewer = await createUser(t.app, mailbox);
      await makeStaff(t.deps.db.db, reviewer.id);
    }
    return reviewer;
  };
  const verified = new Set<string>();
  /**
   * Identity verification through the API: details (level 1, Ada Lovelace's unless `details` are
   * given), then documents approved (level 2).
   */
  const verify = async (user: TestUser, level: 1 | 2 = 2, details?: TKycDetailsInput) => {
    if (verified.has(`${user.id}:${level}`)) return;
    await verifyIdentity(t.app, user, level, kycReviewer, details);
    verified.add(`${user.id}:${level}`);
  };

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: bearer(user.token), remoteAddress: randomIp() });
  const order = async (user: TestUser, body: Record<string, unknown>) =>
    call(user, 'POST', '/orders', { account: 'demo', symbol: 'BTC_USDT', ...body });

  /**
   * Puts `cents` in a user's real cash as a movement of `kind` from the house's deposits, with no
   * identity step: what a confirmed deposit (the default) or a test's funding writes to the ledger.
   */
  const creditReal = (user: TestUser, cents: bigint, kind: 'deposit' | 'test_funding' = 'deposit') =>
    t.deps.db.db.transaction((tx) =>
      post(tx, {
        kind,
        postings: [
          { account: cash(user.id, 'real'), amountCents: cents },
          { account: house('deposits'), amountCents: -cents },
        ],
      }),
    );

  /** The rows a raw SQL query on the desk's database answers. */
  const rows = async <T>(query: SQL): Promise<T[]> =>
    ((await t.deps.db.db.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    t,
    mailbox,
    triggers,
    /** The orders service as the market role holds it: `fill` and `closeByTrigger` called directly race the API. */
    marketOrders,
    /** The notification centre, for workers under test that tell users what happened. */
    notify: notifier.notify,
    setQuote,
    call,
    newUser: () => createUser(t.app, mailbox),
    /** A new user (the referrer) and another who signed up with their code (`friend`: how, as createUser's). */
    async referredPair(friend: Omit<Parameters<typeof createUser>[2], 'referralCode'> = {}) {
      const referrer = await createUser(t.app, mailbox);
      const referralCode = (await call(referrer, 'GET', '/profile')).json().data.referralCode;
      return { referrer, friend: await createUser(t.app, mailbox, { ...friend, referralCode }) };
    },
    /** A new user, with BTC_USDT quoted at 49,990 / 50,000: where most scenarios start. */
    async newTrader() {
      const user = await createUser(t.app, mailbox);
      await setQuote('BTC_USDT', 4_999_000, 5_000_000);
      return user;
    },
    order,
    /** Places an order (demo account, BTC_USDT unless the body says otherwise) and answers its `data`. */
    placed: async (user: TestUser, body: Record<string, unknown>) => (await order(user, body)).json().data,
    portfolio: async (user: TestUser, account = 'demo') =>
      (await call(user, 'GET', `/portfolio?account=${account}`)).json().data,
    /** The desk's trigger executions so far as `td_trigger_executions_total` counts them, by action. */
    async executions(): Promise<Record<string, number>> {
      const metric = await t.deps.metrics?.registry.getSingleMetric('td_trigger_executions_total')?.get();
      return Object.fromEntries(
        (metric?.values ?? []).map((each) => [String(each.labels.action), each.value]),
      );
    },
    /** The ledger's invariants: entries sum to zero and every balance equals its entries. */
    async ledgerIsSound() {
      return { total: await ledgerTotal(t.deps.db.db), drifted: await driftedAccounts(t.deps.db.db) };
    },
    /** How many users' ledger accounts stand below zero (negative-balance protection keeps it at 0). */
    async negativeBalances() {
      const [row] = await rows<{ n: number }>(
        sql`select count(*)::int as n from ledger_accounts where user_id is not null and balance_cents < 0`,
      );
      return row?.n;
    },
    rows,
    /** One order of a user as `GET /orders` lists it, among their latest 100 on `account`. */
    async orderOf(user: TestUser, id: string, account: 'demo' | 'real' = 'demo') {
      const listed = (await call(user, 'GET', `/orders?account=${account}&limit=100`)).json().data.items;
      return listed.find((order: { id: string }) => order.id === id);
    },
    verifyIdentity: verify,
    /**
     * Credits a user's real account as a confirmed deposit would (the wallet's job in production),
     * after verifying their identity (level 2): money on a real account in these tests belongs to a
     * customer who may trade and withdraw it. Tests of the identity gates use unfunded accounts.
     */
    async fundReal(user: TestUser, cents: bigint) {
      await verify(user);
      await creditReal(user, cents);
    },
    creditReal,
    /**
     * Makes a user an administrator, as ADMIN_EMAIL or another administrator would, with the
     * second factor staff need (`testing/staff.ts`).
     */
    async makeAdmin(user: TestUser) {
      await makeStaff(t.deps.db.db, user.id);
    },
    /** A new user made an administrator (`makeAdmin`). */
    async newAdmin() {
      const admin = await createUser(t.app, mailbox);
      await makeStaff(t.deps.db.db, admin.id);
      return admin;
    },
    /** A client group that `admin` makes with `terms` (as `POST /admin/groups` takes them): its id. */
    async newGroup(admin: TestUser, terms: Record<string, unknown>): Promise<string> {
      const created = await call(admin, 'POST', '/admin/groups', terms);
      if (created.statusCode !== 200) throw new Error(`group not made: ${created.body}`);
      return created.json().data.id;
    },
    /** `admin` moves `user` into the client group `groupId`. */
    async moveToGroup(admin: TestUser, user: TestUser, groupId: string) {
      const moved = await call(admin, 'PUT', `/admin/users/${user.id}/group`, { groupId });
      if (moved.statusCode !== 200) throw new Error(`not moved to the group: ${moved.body}`);
    },
    /** Makes a user a member of staff of `role` (with a second factor unless told otherwise). */
    async makeStaff(user: TestUser, role: TStaffRole, options: { secondFactor?: boolean } = {}) {
      await makeStaff(t.deps.db.db, user.id, role, options);
    },
    async close() {
      clearInterval(refresher);
      await stopTriggers();
      await t.close();
      await mailbox.close();
    },
  };
}
export type TradingDesk = Awaited<ReturnType<typeof startTradingDesk>>;
export type { TestApp };

/** How often a test desk sends its fresh quotes again, well within `trading.maxQuoteAgeMs`. */
const QUOTE_REFRESH_MS = 1000;

/** A market tick of a quote (minor units), `ageMs` old. */
export function tickOf(
  symbol: string,
  bid: number,
  ask: number,
  pairType: TMarketTick['pairType'],
  precision: number,
  ageMs: number,
): TMarketTick {
  const mid = Math.round((bid + ask) / 2);
  return {
    symbol,
    pairType,
    key: pairType === 'crp' ? `CRP:${symbol}` : `${pairType}:${symbol}`,
    precision,
    tMs: Date.now() - ageMs,
    price: mid,
    bid,
    ask,
    open24h: mid,
    high24h: mid,
    low24h: mid,
    volume24h: 0,
    candles: [],
    closed: [],
  };
}
