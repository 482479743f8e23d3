import { ORDER_CODE } from '@td/contracts/statuses';
import { closeSidePrice } from '@td/contracts/trading-math';
import { BoundedSet } from '../../platform/bounded';
import type { Database } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { cash, hasTransaction, lockBalance, post } from '../ledger/ledger';
import type { Settlement } from './order-settlement';
import type { OrderRow, OrdersRepository } from './orders.repository';
import type { QuoteSource } from './quotes';
import { demoGrant, demoTopUp } from './trading-ledger';

/** The demo account's practice money, in cents, until the `trading.demoStartBalance` setting says otherwise. */
export const DEMO_BALANCE_CENTS = 1_000_000n;
/** A reset closes what opened while it ran this many times before it gives up (a client placing orders in a loop). */
const DEMO_RESET_ROUNDS_MAX = 3;
const FUNDED_CACHE_MAX = 100_000;

/** The demo book: practice money granted on first use, and the reset back to it. */
export function createDemoBook(deps: {
  db: Database;
  orders: OrdersRepository;
  /** Where a reset closes open positions: the last price known, even when the market is shut. */
  quotes: QuoteSource;
  settlement: Pick<Settlement, 'settle'>;
  /** Cancels a pending order and gives its reserve back. */
  cancel: (userId: string, orderId: string) => Promise<OrderRow>;
  announce: (row: OrderRow) => void;
  /** The start balance in cents (the `trading.demoStartBalance` setting; 10,000 USD by default). */
  demoStartCents?: (() => Promise<bigint>) | undefined;
}) {
  const { db, orders } = deps;
  const demoStartCents = deps.demoStartCents ?? (async () => DEMO_BALANCE_CENTS);
  // A demo book is granted once: remembered on the hot path of placing an order.
  const funded = new BoundedSet<string>(FUNDED_CACHE_MAX);

  /** The demo book starts with its practice money the first time it is used (once: a unique index says so). */
  const ensureFunded = async (userId: string) => {
    if (funded.has(userId)) return;
    if (await hasTransaction(db, 'demo_grant', userId)) {
      funded.add(userId);
      return;
    }
    try {
      const startCents = await demoStartCents();
      await db.transaction((tx) => post(tx, demoGrant(userId, startCents)));
    } catch (error) {
      // A concurrent first order granted it already.
      if (!(await hasTransaction(db, 'demo_grant', userId))) throw error;
    }
  };

  /**
   * The demo book back to its practice money: everything cancelled or closed, cash topped up or
   * trimmed. The top-up is computed from the cash balance as locked, with no live order left
   * under that lock: a reset running at the same time, or an order placed meanwhile (its money
   * moves through the same row), is either seen before or waits until after. Resolves to the
   * start balance, in cents.
   */
  const reset = async (userId: string): Promise<bigint> => {
    await ensureFunded(userId);
    const startCents = await demoStartCents();
    for (let round = 1; ; round++) {
      for (const row of await orders.live(userId, 'demo')) {
        if (row.status === ORDER_CODE.pending) await deps.cancel(userId, row.id).catch(() => undefined);
        else {
          const quote = deps.quotes.quote(row.symbol);
          // Closed at the last price known, even when its market is shut: a reset is not a trade.
          const at = quote ? closeSidePrice(row.side, quote) : (row.price ?? 0n);
          const closed = await deps.settlement.settle(row.id, ORDER_CODE.manualClose, () => at, {
            userId,
            reason: 'demo_reset',
          });
          if (closed) deps.announce(closed);
        }
      }
      const isDone = await db.transaction(async (tx) => {
        const available = await lockBalance(tx, cash(userId, 'demo'));
        // An order that opened (or a limit that filled) after the list above: close it too.
        if ((await orders.live(userId, 'demo', tx)).length > 0) return false;
        const topUp = startCents - available;
        if (topUp !== 0n) await post(tx, demoTopUp(userId, topUp));
        return true;
      });
      if (isDone) return startCents;
      if (round >= DEMO_RESET_ROUNDS_MAX)
        throw new AppError(
          'CONFLICT',
          'Orders are still being placed on the demo account; try the reset again',
        );
    }
  };

  return { ensureFunded, reset };
}
