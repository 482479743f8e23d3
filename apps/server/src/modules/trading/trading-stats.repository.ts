import { and, asc, isNotNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import type { TBook } from '../ledger/ledger';
import { closedOrdersOf } from './orders.repository';
import { orders } from './orders.schema';
import type { ClosedTrade } from './trading-stats';

/** The trades a book closed since `since` (all without it): each closed position and part. */
export function createTradingStatsRepository(db: Database) {
  return {
    async closedTrades(userId: string, book: TBook, since: Date | undefined): Promise<ClosedTrade[]> {
      return db
        .select({
          symbol: orders.symbol,
          pnlCents: orders.pnlCents,
          feeCents: orders.feeCents,
          swapCents: orders.swapCents,
        })
        .from(orders)
        .where(and(closedOrdersOf(userId, book, since), isNotNull(orders.pnlCents)))
        .orderBy(asc(orders.closedAt))
        .then((rows) => rows.map((row) => ({ ...row, pnlCents: row.pnlCents ?? 0n })));
    },
  };
}
