import { displaySymbol } from '@td/contracts/constants';
import { formatScaled } from '@td/contracts/decimal';
import { markupQuote } from '@td/contracts/group-terms';
import { isAtOrBelow } from '@td/contracts/margin-level';
import { ORDER_CODE } from '@td/contracts/statuses';
import { closeSidePrice, pnlAt } from '@td/contracts/trading-math';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Bus } from '../../platform/bus/bus';
import type { Database } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';
import { balancesOf, cash, lockBalance, type TBook } from '../ledger/ledger';
import { isMarketOpen } from '../market/market-hours';
import type { Notify } from '../notifications/notifications.service';
import { pairs } from '../pairs/pairs.schema';
import { riskOf, unrealizedOf } from './account-risk';
import type { Settlement } from './order-settlement';
import type { OrderRow } from './orders.repository';
import { orders } from './orders.schema';
import { createOrderAnnouncer } from './trading-channels';

/** What a `cross` stop-out works with, given by the margin monitor that runs it. */
export interface StopOutDeps {
  db: Database;
  settle: Settlement['settle'];
  bus: Bus;
  logger: Logger;
  notify?: Notify | undefined;
  /** Told of each position a `cross` stop-out closed (metrics count them). */
  onStopOut?: (() => void) | undefined;
}

/** The `cross` stop-out, run by the margin monitor when an account's level reaches its stop-out level. */
export function createCrossStopOut(
  deps: StopOutDeps & { quoteOf: (symbol: string) => { bid: bigint; ask: bigint } | undefined },
) {
  const { db, quoteOf } = deps;
  const announce = createOrderAnnouncer({ bus: deps.bus, logger: deps.logger });
  /**
   * The `cross` stop-out: the account's positions and balance locked, then the position with the
   * largest loss closed while the level is at or below stop-out. A close or added margin of the
   * user that committed first is seen here (it is settled once: this one finds it gone or changed).
   */
  return async (userId: string, book: TBook): Promise<OrderRow[]> => {
    const closed = await db.transaction(async (tx) => {
      // The positions first, then the cash: the order in which a user's close takes its locks.
      const open = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.book, book), eq(orders.status, ORDER_CODE.active)))
        .orderBy(asc(orders.id))
        .for('update');
      const risk = await riskOf(tx, userId);
      if (risk.marginMode !== 'cross') return [];
      await lockBalance(tx, cash(userId, book));
      let remaining = open.filter((row) => row.price !== null);
      if (remaining.length === 0) return [];
      // A position whose market is shut is valued at its last price but not closed there.
      const types = await tx
        .select({ symbol: pairs.symbol, pairType: pairs.pairType })
        .from(pairs)
        .where(inArray(pairs.symbol, [...new Set(remaining.map((row) => row.symbol))]));
      const nowMs = Date.now();
      const closable = new Set(
        types.filter((pair) => isMarketOpen(pair.pairType, nowMs)).map((pair) => pair.symbol),
      );
      const done: OrderRow[] = [];
      for (;;) {
        const balances = await balancesOf(tx, userId, book);
        const equity = balances.cash + balances.margin + unrealizedOf(remaining, quoteOf);
        if (!isAtOrBelow(equity, balances.margin, risk.stopOutLevel)) break;
        let worst: { row: OrderRow; pnl: bigint } | undefined;
        for (const row of remaining) {
          const quote = quoteOf(row.symbol);
          if (!quote || row.price === null || !closable.has(row.symbol)) continue;
          const seen = markupQuote(quote, row.spreadMarkupBp);
          // Its result as the account counts it: the price's PnL and the swaps it accumulated.
          const pnl =
            pnlAt(row.side, row.amountCents, row.price, closeSidePrice(row.side, seen)) + row.swapCents;
          if (!worst || pnl < worst.pnl) worst = { row, pnl };
        }
        if (!worst) break;
        const target = worst.row;
        remaining = remaining.filter((row) => row.id !== target.id);
        const quote = quoteOf(target.symbol);
        const row = await deps.settle(
          target.id,
          ORDER_CODE.done,
          // At the position's own prices; the difference from the market's is spread income.
          (locked) =>
            quote ? closeSidePrice(locked.side, markupQuote(quote, locked.spreadMarkupBp)) : undefined,
          {
            reason: 'stop_out',
            tx,
            marketPrice: (locked) => (quote ? closeSidePrice(locked.side, quote) : undefined),
          },
        );
        if (row) done.push(row);
      }
      return done;
    });
    for (const row of closed) {
      deps.onStopOut?.();
      announce(row);
      void deps.notify?.(row.userId, 'stop_out', {
        message: `Stop-out: ${row.side === 'buy' ? 'Buy' : 'Sell'} ${displaySymbol(row.symbol)} ${formatScaled(row.amountCents, 2)} USD closed, PnL ${formatScaled(row.pnlCents ?? 0n, 2)} USD`,
        orderId: row.id,
        symbol: row.symbol,
        account: row.book,
      });
    }
    return closed;
  };
}
