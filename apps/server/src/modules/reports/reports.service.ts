import { COINS, type TCoin } from '@td/contracts/constants';
import { formatScaled } from '@td/contracts/decimal';
import type { TClientMoney, TClientMoneyCoin } from '@td/contracts/reports';
import { PAYMENT_CODE } from '@td/contracts/statuses';
import { and, asc, eq, gt, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { type Database, withStatementTimeout } from '../../platform/db/client';
import { CSV_EOL, csvLine } from '../../platform/http/csv';
import { users } from '../auth/auth.schema';
import { ledgerAccounts } from '../ledger/ledger.schema';
import { orders } from '../trading/orders.schema';
import { centsOfUnits, coinPrice, type PriceSource, rateText, type ValuationRules } from '../wallet/prices';
import { walletTransactions } from '../wallet/wallet.schema';
import { dailyReportHeader, dailyReportLine, dayBounds } from './daily-report';

/** Orders read from the database at a time while a report streams. */
export const REPORT_PAGE = 500;
/** A coin with no wallet record yet is shown at this many decimals. */
const COIN_DECIMALS_SHOWN = 8;

/** Wallet statuses that count as money on record: deposits credited, withdrawals sent. */
const CREDITED_DEPOSIT = [PAYMENT_CODE.confirmed] as const;
const SENT_WITHDRAWAL = [PAYMENT_CODE.sent, PAYMENT_CODE.confirmed] as const;

type Column = typeof orders.openedAt | typeof orders.closedAt;

/** Per coin sums of the wallet's record, each at its own decimals (a coin may have several). */
interface CoinSum {
  coin: string;
  kind: 'deposit' | 'withdrawal';
  decimals: number;
  units: string;
  cents: string;
}

/** Rescales an integer amount from `from` to `to` decimals (to ≥ from). */
const rescale = (units: bigint, from: number, to: number) => units * 10n ** BigInt(to - from);

/** Per coin figures from the wallet's sums (pure: prices and sums given). */
export function clientMoneyOf(
  sums: CoinSum[],
  liability: { cash: bigint; margin: bigint },
  priceOf: (coin: TCoin) => { scaled: bigint; precision: number } | undefined,
  asOf: Date,
): TClientMoney {
  const coins: TClientMoneyCoin[] = [];
  const unpricedCoins: TCoin[] = [];
  let heldCents = 0n;
  for (const coin of COINS) {
    const own = sums.filter((sum) => sum.coin === coin);
    const scale = Math.max(COIN_DECIMALS_SHOWN, ...own.map((sum) => sum.decimals));
    const total = (kind: CoinSum['kind']) =>
      own
        .filter((sum) => sum.kind === kind)
        .reduce((acc, sum) => acc + rescale(BigInt(sum.units), sum.decimals, scale), 0n);
    const cents = (kind: CoinSum['kind']) =>
      own.filter((sum) => sum.kind === kind).reduce((acc, sum) => acc + BigInt(sum.cents), 0n);
    const deposited = total('deposit');
    const withdrawn = total('withdrawal');
    const held = deposited - withdrawn;
    const price = priceOf(coin);
    const value = price ? centsOfUnits(held, scale, price) : null;
    if (value === null) unpricedCoins.push(coin);
    else heldCents += value;
    coins.push({
      coin,
      deposited: formatScaled(deposited, scale),
      withdrawn: formatScaled(withdrawn, scale),
      held: formatScaled(held, scale),
      price: price ? rateText(price) : null,
      heldValue: value === null ? null : formatScaled(value, 2),
      depositedUsd: formatScaled(cents('deposit'), 2),
      withdrawnUsd: formatScaled(cents('withdrawal'), 2),
    });
  }
  const owed = liability.cash + liability.margin;
  return {
    coins,
    liability: {
      cash: formatScaled(liability.cash, 2),
      margin: formatScaled(liability.margin, 2),
      total: formatScaled(owed, 2),
    },
    heldValue: formatScaled(heldCents, 2),
    difference: formatScaled(heldCents - owed, 2),
    unpricedCoins,
    asOf: asOf.toISOString(),
  };
}

/** The client-money report as CSV: one line per coin, then the totals. */
export function clientMoneyCsv(report: TClientMoney): string {
  const lines = [
    csvLine([
      'Coin',
      'Deposited',
      'Withdrawn',
      'Held',
      'Price (USD)',
      'Held value (USD)',
      'Deposited (USD)',
      'Withdrawn (USD)',
    ]),
    ...report.coins.map((coin) =>
      csvLine([
        coin.coin.toUpperCase(),
        coin.deposited,
        coin.withdrawn,
        coin.held,
        coin.price,
        coin.heldValue,
        coin.depositedUsd,
        coin.withdrawnUsd,
      ]),
    ),
    csvLine(['Held value (USD)', report.heldValue]),
    csvLine(['Client Real cash (USD)', report.liability.cash]),
    csvLine(['Client Real margin (USD)', report.liability.margin]),
    csvLine(['Client Real balances (USD)', report.liability.total]),
    csvLine(['Difference (USD)', report.difference]),
    csvLine(['As of', report.asOf]),
  ];
  return lines.join(CSV_EOL) + CSV_EOL;
}

/**
 * The back-office's reports: the day's orders as CSV, read a page at a time so a busy day never
 * sits in memory whole, and client money, what clients' Real balances owe against the wallet's
 * record.
 */
export function createReportsService(deps: {
  db: Database;
  /** Each report statement's time limit: they sum whole tables, longer than a request's. */
  statementTimeoutMs: number;
  prices: PriceSource;
  rules: () => Promise<ValuationRules>;
}) {
  const { db } = deps;

  /** Orders whose `column` falls in [from, to) (and, for the close, not opened then), by time then id. */
  async function* ordersBy(column: Column, from: Date, to: Date, skipOpenedThen: boolean) {
    let after: { at: Date; id: string } | undefined;
    for (;;) {
      const page = await withStatementTimeout(db, deps.statementTimeoutMs, (tx) =>
        tx
          .select({ order: orders, email: users.email })
          .from(orders)
          .innerJoin(users, eq(users.id, orders.userId))
          .where(
            and(
              gte(column, from),
              lt(column, to),
              skipOpenedThen
                ? or(sql`${orders.openedAt} is null`, lt(orders.openedAt, from), gte(orders.openedAt, to))
                : undefined,
              after
                ? or(gt(column, after.at), and(eq(column, after.at), gt(orders.id, after.id)))
                : undefined,
            ),
          )
          .orderBy(asc(column), asc(orders.id))
          .limit(REPORT_PAGE),
      );
      for (const row of page) yield row;
      const last = page.at(-1);
      if (page.length < REPORT_PAGE || !last) return;
      const at = skipOpenedThen ? last.order.closedAt : last.order.openedAt;
      if (!at) return;
      after = { at, id: last.order.id };
    }
  }

  return {
    /**
     * The UTC day's report as CSV text, a piece at a time: the header, the orders opened that day
     * (by opening time), then those closed that day and opened before (by closing time).
     */
    async *daily(day: string): AsyncGenerator<string> {
      const { from, to } = dayBounds(day);
      yield dailyReportHeader();
      for await (const { order, email } of ordersBy(orders.openedAt, from, to, false))
        yield dailyReportLine(order, email);
      for await (const { order, email } of ordersBy(orders.closedAt, from, to, true))
        yield dailyReportLine(order, email);
    },

    async clientMoney(): Promise<TClientMoney> {
      const rules = await deps.rules();
      const { balances, sums } = await withStatementTimeout(db, deps.statementTimeoutMs, async (tx) => ({
        balances: await tx
          .select({
            kind: ledgerAccounts.kind,
            cents: sql<string>`coalesce(sum(${ledgerAccounts.balanceCents}), 0)::text`,
          })
          .from(ledgerAccounts)
          .where(
            and(
              isNotNull(ledgerAccounts.userId),
              eq(ledgerAccounts.book, 'real'),
              inArray(ledgerAccounts.kind, ['cash', 'margin']),
            ),
          )
          .groupBy(ledgerAccounts.kind),
        sums: await tx
          .select({
            coin: walletTransactions.coin,
            kind: walletTransactions.kind,
            decimals: walletTransactions.coinDecimals,
            units: sql<string>`sum(${walletTransactions.coinUnits}::numeric)::text`,
            cents: sql<string>`coalesce(sum(${walletTransactions.amountCents}), 0)::text`,
          })
          .from(walletTransactions)
          .where(
            or(
              and(
                eq(walletTransactions.kind, 'deposit'),
                inArray(walletTransactions.status, CREDITED_DEPOSIT),
              ),
              and(
                eq(walletTransactions.kind, 'withdrawal'),
                inArray(walletTransactions.status, SENT_WITHDRAWAL),
              ),
            ),
          )
          .groupBy(walletTransactions.coin, walletTransactions.kind, walletTransactions.coinDecimals),
      }));
      const balanceOf = (kind: string) => BigInt(balances.find((row) => row.kind === kind)?.cents ?? '0');
      const now = new Date();
      return clientMoneyOf(
        sums,
        { cash: balanceOf('cash'), margin: balanceOf('margin') },
        (coin) => coinPrice(deps.prices, coin, rules, now.getTime()),
        now,
      );
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
