// The dealing desk's live risk view for each book (real and demo): exposure per pair, the accounts
// nearest their stop-out, the house's result by source over today, 7 and 30 days, and today's
// net-exposure chart. Computed on each request from positions, ledger and quotes; nothing stored.
import { formatScaled } from '@td/contracts/decimal';
import { DEFAULT_LEVELS } from '@td/contracts/groups';
import { marginLevel } from '@td/contracts/margin-level';
import { mulDivFloor } from '@td/contracts/money-math';
import type {
  TExposureSeries,
  THouseResult,
  TRiskAccount,
  TRiskBook,
  TRiskOverview,
  TRiskPair,
  TRiskPeriod,
} from '@td/contracts/risk';
import { ORDER_CODE } from '@td/contracts/statuses';
import { closeSidePrice, pnlAt } from '@td/contracts/trading-math';
import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { DAY_MS } from '../../platform/time-units';
import { users } from '../auth/auth.schema';
import { clientGroups } from '../groups/groups.schema';
import type { TBook } from '../ledger/ledger';
import { ledgerAccounts } from '../ledger/ledger.schema';
import type { PairRow } from '../pairs/pairs.repository';
import { orders } from '../trading/orders.schema';
import type { QuoteSource } from '../trading/quotes';
import { EMPTY_EXPOSURE, exposureByPair, type OpenPosition, type PairExposure } from './exposure';

const usd = (cents: bigint) => formatScaled(cents, 2);
/** The accounts nearest their stop-out the desk sees. */
export const RISK_ACCOUNTS_MAX = 20;
/** The day's exposure chart: one point every this many milliseconds since 00:00 UTC. */
export const HISTORY_STEP_MS = 5 * 60_000;
const PPM = 1_000_000n;

type OpenRow = OpenPosition & { userId: string; book: TBook; marginCents: bigint };

/** The house's sources of result, by ledger account. */
const HOUSE_KINDS = ['fees', 'trading', 'spread', 'swaps', 'write_offs', 'commissions'] as const;

const startOfUtcDay = (nowMs: number) => Math.floor(nowMs / DAY_MS) * DAY_MS;

/** Since when each period counts: today from 00:00 UTC, the others as rolling days. */
export const periodStarts = (nowMs: number): Record<TRiskPeriod, number> => ({
  today: startOfUtcDay(nowMs),
  '7d': nowMs - 7 * DAY_MS,
  '30d': nowMs - 30 * DAY_MS,
});

/** A pair's line as the desk reads it. */
export const toRiskPair = (pair: PairRow, exposure: PairExposure): TRiskPair => ({
  symbol: pair.symbol,
  pairType: pair.pairType,
  long: usd(exposure.longCents),
  short: usd(exposure.shortCents),
  net: usd(exposure.netCents),
  positions: exposure.positions,
  clientsPnl: usd(exposure.pnlCents),
  housePnl: usd(-exposure.pnlCents),
  maxNetExposure: pair.maxNetExposureCents === null ? null : usd(pair.maxNetExposureCents),
});

/**
 * The dealing desk's live risk, computed on each request from the open positions, the ledger and
 * the quotes this process holds (nothing of it is stored).
 */
export function createRiskService(deps: {
  db: Database;
  pairs: { all(): Promise<PairRow[]> };
  quotes: QuoteSource;
  now?: () => number;
}) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const quoteOf = (symbol: string) => deps.quotes.quote(symbol);

  const openPositions = async (): Promise<OpenRow[]> =>
    db
      .select({
        userId: orders.userId,
        book: orders.book,
        symbol: orders.symbol,
        side: orders.side,
        amountCents: orders.amountCents,
        price: orders.price,
        swapCents: orders.swapCents,
        marginCents: orders.marginCents,
      })
      .from(orders)
      .where(eq(orders.status, ORDER_CODE.active));

  /** Every pair (with or without positions), in the catalogue's order. */
  const pairLines = (pairs: PairRow[], positions: OpenRow[]): TRiskPair[] => {
    const exposure = exposureByPair(positions, quoteOf);
    return pairs.map((pair) => toRiskPair(pair, exposure.get(pair.symbol) ?? EMPTY_EXPOSURE));
  };

  /** The accounts with open positions, weakest first by their distance to the stop-out level. */
  const nearestStopOut = async (positions: OpenRow[], book: TBook): Promise<TRiskAccount[]> => {
    const byUser = new Map<string, OpenRow[]>();
    for (const row of positions) {
      const list = byUser.get(row.userId);
      if (list) list.push(row);
      else byUser.set(row.userId, [row]);
    }
    const userIds = [...byUser.keys()];
    if (userIds.length === 0) return [];
    const people = await db
      .select({
        id: users.id,
        email: users.email,
        marginMode: clientGroups.marginMode,
        marginCallLevel: clientGroups.marginCallLevel,
        stopOutLevel: clientGroups.stopOutLevel,
      })
      .from(users)
      .leftJoin(clientGroups, eq(clientGroups.id, users.groupId))
      .where(inArray(users.id, userIds));
    const balances = await db
      .select({
        userId: ledgerAccounts.userId,
        kind: ledgerAccounts.kind,
        balance: ledgerAccounts.balanceCents,
      })
      .from(ledgerAccounts)
      .where(and(inArray(ledgerAccounts.userId, userIds), eq(ledgerAccounts.book, book)));
    const accounts: Array<TRiskAccount & { distance: number }> = [];
    for (const person of people) {
      const held = byUser.get(person.id) ?? [];
      const balanceOf = (kind: string) =>
        balances.find((row) => row.userId === person.id && row.kind === kind)?.balance ?? 0n;
      const margin = balanceOf('margin');
      let unrealized = 0n;
      let weakest: string | null = null;
      for (const row of held) {
        const quote = quoteOf(row.symbol);
        if (!quote || row.price === null) continue;
        const pnl = pnlAt(row.side, row.amountCents, row.price, closeSidePrice(row.side, quote));
        unrealized += pnl;
        const level = marginLevel(row.marginCents + pnl, row.marginCents);
        if (level !== null && (weakest === null || Number(level) < Number(weakest))) weakest = level;
      }
      const equity = balanceOf('cash') + margin + unrealized;
      const marginMode = person.marginMode ?? 'isolated';
      const levels = {
        marginCallLevel: person.marginCallLevel ?? DEFAULT_LEVELS[marginMode].marginCallLevel,
        stopOutLevel: person.stopOutLevel ?? DEFAULT_LEVELS[marginMode].stopOutLevel,
      };
      const level = marginMode === 'cross' ? marginLevel(equity, margin) : weakest;
      if (level === null) continue;
      accounts.push({
        userId: person.id,
        email: person.email,
        marginMode,
        marginLevel: level,
        ...levels,
        equity: usd(equity),
        margin: usd(margin),
        positions: held.length,
        distance: Number(level) - levels.stopOutLevel,
      });
    }
    return accounts
      .sort((a, b) => a.distance - b.distance)
      .slice(0, RISK_ACCOUNTS_MAX)
      .map(({ distance: _d, ...account }) => account);
  };

  /**
   * What the house's accounts received over each period, per book: a house entry belongs to the
   * book of the user accounts in its transaction. The pairs' own spread is estimated from the
   * positions closed in the period, at each pair's current spread, and taken out of the trading
   * result; the client groups' markups are booked to the house's spread account and added to it.
   */
  const houseResults = async (pairs: PairRow[], nowMs: number): Promise<Record<TBook, THouseResult[]>> => {
    const starts = periodStarts(nowMs);
    const since = new Date(Math.min(...Object.values(starts)));
    const at = (period: TRiskPeriod) => new Date(starts[period]).toISOString();
    const result = await db.execute(sql`
      select house.kind as kind, owner.book as book,
        coalesce(sum(case when t.created_at >= ${at('today')}::timestamptz then e.amount_cents end), 0)::text as today,
        coalesce(sum(case when t.created_at >= ${at('7d')}::timestamptz then e.amount_cents end), 0)::text as week,
        coalesce(sum(e.amount_cents), 0)::text as month
      from ledger_entries e
      join ledger_accounts house on house.id = e.account_id and house.user_id is null
      join ledger_transactions t on t.id = e.transaction_id
      join lateral (
        select min(ua.book) as book
        from ledger_entries ue join ledger_accounts ua on ua.id = ue.account_id
        where ue.transaction_id = t.id and ua.user_id is not null
      ) owner on true
      where t.created_at >= ${since.toISOString()}::timestamptz
        and house.kind in (${sql.join(
          HOUSE_KINDS.map((kind) => sql`${kind}`),
          sql`, `,
        )})
        and owner.book is not null
      group by house.kind, owner.book`);
    const rows = (
      result as unknown as {
        rows: Array<{ kind: string; book: string; today: string; week: string; month: string }>;
      }
    ).rows;
    const closed = await db
      .select({
        book: orders.book,
        symbol: orders.symbol,
        amountCents: orders.amountCents,
        closedAt: orders.closedAt,
      })
      .from(orders)
      .where(
        and(
          inArray(orders.status, [ORDER_CODE.done, ORDER_CODE.manualClose]),
          isNotNull(orders.openedAt),
          gt(orders.closedAt, since),
        ),
      );
    const spreadPpm = new Map(pairs.map((pair) => [pair.symbol, BigInt(pair.spreadPpm)]));
    const build = (book: TBook): THouseResult[] =>
      (['today', '7d', '30d'] as const).map((period) => {
        const column = period === 'today' ? 'today' : period === '7d' ? 'week' : 'month';
        const sum = (kind: string) =>
          BigInt(rows.find((row) => row.book === book && row.kind === kind)?.[column] ?? '0');
        let spread = 0n;
        for (const row of closed) {
          if (row.book !== book || !row.closedAt || row.closedAt.getTime() < starts[period]) continue;
          spread += mulDivFloor(row.amountCents, spreadPpm.get(row.symbol) ?? 0n, PPM);
        }
        const parts = {
          // The pairs' own spread (estimated) and the groups' markups (booked as they were earned).
          spread: spread + sum('spread'),
          fees: sum('fees'),
          swaps: sum('swaps'),
          clientResults: sum('trading') - spread,
          writeOffs: sum('write_offs'),
          commissions: sum('commissions'),
        };
        const total = Object.values(parts).reduce((a, b) => a + b, 0n);
        return {
          period,
          spread: usd(parts.spread),
          fees: usd(parts.fees),
          swaps: usd(parts.swaps),
          clientResults: usd(parts.clientResults),
          writeOffs: usd(parts.writeOffs),
          commissions: usd(parts.commissions),
          total: usd(total),
        };
      });
    return { real: build('real'), demo: build('demo') };
  };

  /**
   * Each pair's net exposure through today, from the orders' open and close times (a part closed
   * early is its own row): every position open at a point counts at its amount, + for a buy.
   */
  const history = async (nowMs: number): Promise<Record<TBook, TExposureSeries[]>> => {
    const dayStart = startOfUtcDay(nowMs);
    const rows = await db
      .select({
        book: orders.book,
        symbol: orders.symbol,
        side: orders.side,
        amountCents: orders.amountCents,
        openedAt: orders.openedAt,
        closedAt: orders.closedAt,
      })
      .from(orders)
      .where(
        and(
          inArray(orders.status, [ORDER_CODE.active, ORDER_CODE.done, ORDER_CODE.manualClose]),
          isNotNull(orders.openedAt),
          lt(orders.openedAt, new Date(nowMs)),
          or(isNull(orders.closedAt), gt(orders.closedAt, new Date(dayStart))),
        ),
      );
    const times: number[] = [];
    for (let t = dayStart; t < nowMs; t += HISTORY_STEP_MS) times.push(t);
    times.push(nowMs);
    const build = (book: TBook): TExposureSeries[] => {
      const bySymbol = new Map<string, bigint[]>();
      for (const row of rows) {
        if (row.book !== book || !row.openedAt) continue;
        const opened = row.openedAt.getTime();
        const closedAt = row.closedAt?.getTime() ?? Number.POSITIVE_INFINITY;
        const signed = row.side === 'buy' ? row.amountCents : -row.amountCents;
        const series = bySymbol.get(row.symbol) ?? times.map(() => 0n);
        times.forEach((t, index) => {
          if (opened <= t && t < closedAt) series[index] = (series[index] ?? 0n) + signed;
        });
        bySymbol.set(row.symbol, series);
      }
      return [...bySymbol.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([symbol, series]) => ({
          symbol,
          points: times.map((t, index) => ({ t, net: usd(series[index] ?? 0n) })),
        }));
    };
    return { real: build('real'), demo: build('demo') };
  };

  /** The pairs of both books as they stand: what the stream's `admin:risk` channel repeats. */
  const exposure = async () => {
    const [pairs, positions] = await Promise.all([deps.pairs.all(), openPositions()]);
    return {
      asOf: new Date(now()).toISOString(),
      real: pairLines(
        pairs,
        positions.filter((row) => row.book === 'real'),
      ),
      demo: pairLines(
        pairs,
        positions.filter((row) => row.book === 'demo'),
      ),
    };
  };

  return {
    exposure,

    async overview(): Promise<TRiskOverview> {
      const nowMs = now();
      const [pairs, positions] = await Promise.all([deps.pairs.all(), openPositions()]);
      const [results, series] = await Promise.all([houseResults(pairs, nowMs), history(nowMs)]);
      const book = async (name: TBook): Promise<TRiskBook> => {
        const own = positions.filter((row) => row.book === name);
        return {
          pairs: pairLines(pairs, own),
          accounts: await nearestStopOut(own, name),
          results: results[name],
          history: series[name],
        };
      };
      return { asOf: new Date(nowMs).toISOString(), real: await book('real'), demo: await book('demo') };
    },
  };
}
export type RiskService = ReturnType<typeof createRiskService>;
