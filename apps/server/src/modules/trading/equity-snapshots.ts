import { closeSidePrice, pnlAt, type TSide } from '@td/contracts/trading-math';
import type { DatabaseHandle } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';
import { repeatRuns } from '../../platform/repeat';
import { DAY_MS } from '../../platform/time-units';
import type { QuoteSource } from './quotes';

/** A day in milliseconds, as the snapshots count days (UTC). */
export { DAY_MS };

/** How often the day's figures are refreshed; the last refresh of a day is its close. */
const REFRESH_MS = 15 * 60_000;
/** The day's closing run, this long before midnight UTC. */
const CLOSE_BEFORE_MIDNIGHT_MS = 30_000;
/** The first run waits for the prices to arrive after the role starts. */
const FIRST_RUN_DELAY_MS = 60_000;
const UPSERT_ROWS_MAX = 5_000;

const UPSERT = `
  insert into equity_snapshots (user_id, book, day_ms, equity_cents)
  select * from unnest($1::uuid[], $2::text[], $3::bigint[], $4::bigint[])
  on conflict (user_id, book, day_ms) do update set equity_cents = excluded.equity_cents`;

export const dayOf = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** Movements that start a book's money (the demo grant, a demo reset): no point before them. */
const STARTING_MOVES = new Set(['demo_grant', 'demo_reset']);

/**
 * Today's points of the equity curve, so a new account's curve starts with its first trade: the
 * balance after each movement of the day (a fee, a closed position's result, a deposit), the one
 * before the first (unless the money started there), then the equity now. One point per second,
 * the latest winning, as the chart's time scale needs.
 */
export function dayPoints(
  moves: ReadonlyArray<{ tMs: number; kind: string; netCents: bigint }>,
  balanceNowCents: bigint,
  nowMs: number,
  equityNowCents: bigint,
): Array<{ t: number; cents: bigint }> {
  const moving = moves.filter((move) => move.netCents !== 0n);
  const after: bigint[] = [];
  let balance = balanceNowCents;
  for (let index = moving.length - 1; index >= 0; index--) {
    after[index] = balance;
    balance -= moving[index]?.netCents ?? 0n;
  }
  const points: Array<{ t: number; cents: bigint }> = [];
  const first = moving[0];
  if (first && !STARTING_MOVES.has(first.kind)) points.push({ t: first.tMs - 1000, cents: balance });
  for (const [index, move] of moving.entries()) points.push({ t: move.tMs, cents: after[index] ?? 0n });
  points.push({ t: nowMs, cents: equityNowCents });
  const bySecond: Array<{ t: number; cents: bigint }> = [];
  for (const point of points) {
    const previous = bySecond.at(-1);
    if (previous && Math.floor(previous.t / 1000) >= Math.floor(point.t / 1000)) bySecond.pop();
    bySecond.push(point);
  }
  return bySecond;
}

/** When to run next: at the next quarter hour, or at the day's close if that comes first. */
export function nextRunMs(nowMs: number): number {
  const quarter = Math.floor(nowMs / REFRESH_MS) * REFRESH_MS + REFRESH_MS;
  const close = dayOf(nowMs) + DAY_MS - CLOSE_BEFORE_MIDNIGHT_MS;
  return close > nowMs && close < quarter ? close : quarter;
}

/**
 * The open positions' value at the live prices: unrealised PnL (zero for a pair with no price),
 * with the swaps they accumulated.
 */
export function unrealizedAt(
  positions: Array<{
    symbol: string;
    side: TSide;
    amountCents: bigint;
    price: bigint | null;
    swapCents?: bigint;
  }>,
  quotes: QuoteSource,
): bigint {
  let total = 0n;
  for (const position of positions) {
    total += position.swapCents ?? 0n;
    const quote = quotes.quote(position.symbol);
    if (!quote || position.price === null) continue;
    total += pnlAt(position.side, position.amountCents, position.price, closeSidePrice(position.side, quote));
  }
  return total;
}

/**
 * The daily equity of every trading account, for the Portfolio's equity curve: each user's
 * balance plus the open positions at the live prices, written as the day's snapshot (one row per
 * user, book and UTC day). Runs in the `market` role, which has the prices.
 */
export function createEquitySnapshots(deps: { db: DatabaseHandle; quotes: QuoteSource; logger: Logger }) {
  const snapshotAll = async (nowMs = Date.now()): Promise<number> => {
    const balances = await deps.db.query<{ user_id: string; book: string; balance: string }>(
      `select user_id, book, sum(balance_cents)::text as balance from ledger_accounts
       where user_id is not null group by user_id, book`,
      [],
    );
    const positions = await deps.db.query<{
      user_id: string;
      book: string;
      symbol: string;
      side: TSide;
      amount_cents: string;
      price: string | null;
      swap: string;
    }>(
      `select user_id, book, symbol, side, amount_cents::text, price::text, swap::text from orders where status = 'act'`,
      [],
    );
    const openBy = new Map<
      string,
      Array<{ symbol: string; side: TSide; amountCents: bigint; price: bigint | null; swapCents: bigint }>
    >();
    for (const row of positions) {
      const key = `${row.user_id}|${row.book}`;
      const list = openBy.get(key) ?? [];
      list.push({
        symbol: row.symbol,
        side: row.side,
        amountCents: BigInt(row.amount_cents),
        price: row.price === null ? null : BigInt(row.price),
        swapCents: BigInt(row.swap),
      });
      openBy.set(key, list);
    }
    const day = dayOf(nowMs);
    for (let start = 0; start < balances.length; start += UPSERT_ROWS_MAX) {
      const chunk = balances.slice(start, start + UPSERT_ROWS_MAX);
      await deps.db.query(UPSERT, [
        chunk.map((row) => row.user_id),
        chunk.map((row) => row.book),
        chunk.map(() => day),
        chunk.map((row) =>
          (
            BigInt(row.balance) + unrealizedAt(openBy.get(`${row.user_id}|${row.book}`) ?? [], deps.quotes)
          ).toString(),
        ),
      ]);
    }
    return balances.length;
  };

  return {
    snapshotAll,
    /** Runs on its schedule until stopped; a failed run is logged and the next one tries again. */
    async start(): Promise<() => Promise<void>> {
      return repeatRuns({
        name: 'equity snapshots',
        run: async () => deps.logger.debug({ count: await snapshotAll() }, 'equity snapshots written'),
        logger: deps.logger,
        failure: 'equity snapshots failed',
        firstDelayMs: FIRST_RUN_DELAY_MS,
        nextDelayMs: () => {
          const nowMs = Date.now();
          return Math.max(0, nextRunMs(nowMs) - nowMs);
        },
      });
    },
  };
}
