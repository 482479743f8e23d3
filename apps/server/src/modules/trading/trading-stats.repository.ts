import { ORDER_CODE } from '@td/contracts/statuses';
import { and, asc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import type { TBook } from '../ledger/ledger';
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
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.book, book),
            inArray(orders.status, [ORDER_CODE.done, ORDER_CODE.manualClose]),
            isNotNull(orders.pnlCents),
            since ? gte(orders.closedAt, since) : undefined,
          ),
        )
        .orderBy(asc(orders.closedAt))
        .then((rows) => rows.map((row) => ({ ...row, pnlCents: row.pnlCents ?? 0n })));
    },
  };
}
