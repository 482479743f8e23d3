import { ORDER_CODE } from '@td/contracts/statuses';
import { orderReasonText } from '@td/contracts/trading';
import { exitFiresAt, limitFills, liquidationPrice, pnlAt, type TExit } from '@td/contracts/trading-math';
import type { Database } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { post, type TBook, type Tx } from '../ledger/ledger';
import { checkPart } from './order-inputs';
import type { OrderRow, OrdersRepository } from './orders.repository';
import type { AnnounceOrder } from './trading-channels';
import { fillFee, settlement } from './trading-ledger';

/** Runs inside the transaction that charges an opening fee (the referral commission). */
export type OnFeeCharged = (
  tx: Tx,
  charge: { userId: string; book: TBook; orderId: string; feeCents: bigint },
) => Promise<unknown>;

/**
 * Settlement: a position closed in whole or in part, and a pending limit order filled. What the
 * trigger engine executes, and what the user's close and partial close run through. Every step
 * is one transaction on the order row as locked.
 */
export function createSettlement(deps: {
  db: Database;
  orders: OrdersRepository;
  announce: AnnounceOrder;
  onFeeCharged?: OnFeeCharged | undefined;
}) {
  const { db, orders, announce } = deps;

  /**
   * Closes all or a part of a position at `price`; returns the closed row, or undefined when the
   * position is no longer open (or no longer `isDue`). Everything is checked and computed from the
   * row as locked, so a close, partial close or margin change that committed first is seen here:
   * a copy read before the lock could pay a part, or a profit, that is no longer there.
   */
  const settle = async (
    orderId: string,
    to: typeof ORDER_CODE.manualClose | typeof ORDER_CODE.done,
    price: (row: OrderRow) => bigint | undefined,
    options: {
      userId?: string;
      reason?: string;
      /** A partial close: `amountCents` of the position, leaving at least `minRemainingCents` open. */
      part?: { amountCents: bigint; minRemainingCents: bigint };
      /** Whether the position as locked still closes (the trigger that fired is still there). */
      isDue?: (row: OrderRow) => boolean;
    } = {},
  ): Promise<OrderRow | undefined> =>
    db.transaction(async (tx) => {
      const row = await orders.lock(tx, orderId, [ORDER_CODE.active], options.userId);
      if (!row || row.price === null) return undefined;
      if (options.isDue && !options.isDue(row)) return undefined;
      if (options.part) checkPart(row.amountCents, options.part);
      const closeAt = price(row);
      if (closeAt === undefined) throw new AppError('CONFLICT', orderReasonText('no_price'));
      const part = options.part?.amountCents ?? row.amountCents;
      const isPartial = options.part !== undefined;
      const partMargin = isPartial ? (row.marginCents * part) / row.amountCents : row.marginCents;
      const pnl = pnlAt(row.side, part, row.price, closeAt);
      const payout = partMargin + pnl > 0n ? partMargin + pnl : 0n;
      const realized = payout - partMargin;
      const now = new Date();
      let closed: OrderRow;
      if (isPartial) {
        const remaining = row.amountCents - part;
        const remainingMargin = row.marginCents - partMargin;
        await orders.update(tx, row.id, {
          amountCents: remaining,
          marginCents: remainingMargin,
          liquidationPrice: liquidationPrice(row.side, remaining, remainingMargin, row.price),
        });
        const inserted = await orders.insert(tx, {
          userId: row.userId,
          book: row.book,
          symbol: row.symbol,
          side: row.side,
          type: row.type,
          status: to,
          reason: options.reason ?? 'partial_close',
          precision: row.precision,
          amountCents: part,
          leverage: row.leverage,
          price: row.price,
          marginCents: partMargin,
          feeCents: 0n,
          closePrice: closeAt,
          pnlCents: realized,
          parentId: row.id,
          openedAt: row.openedAt,
          closedAt: now,
        });
        if (!inserted) throw new Error('partial close insert returned nothing');
        closed = inserted;
      } else {
        closed = await orders.update(tx, row.id, {
          status: to,
          reason: options.reason ?? null,
          closePrice: closeAt,
          pnlCents: realized,
          closedAt: now,
        });
      }
      await post(tx, settlement(closed.id, row, partMargin, payout));
      return closed;
    });

  return {
    settle,

    /**
     * The trigger engine: a pending order whose limit the market crossed opens at `entry`; not
     * when its limit, as locked, no longer takes that price (changed after the engine read it).
     */
    async fill(orderId: string, entry: bigint): Promise<OrderRow | undefined> {
      const opened = await db.transaction(async (tx) => {
        const locked = await orders.lock(tx, orderId, [ORDER_CODE.pending]);
        if (!locked || locked.price === null) return undefined;
        if (!limitFills(locked.side, locked.price, { bid: entry, ask: entry })) return undefined;
        await post(tx, fillFee(orderId, locked));
        const charge = { userId: locked.userId, book: locked.book, orderId, feeCents: locked.feeCents };
        await deps.onFeeCharged?.(tx, charge);
        return orders.update(tx, orderId, {
          status: ORDER_CODE.active,
          price: entry,
          liquidationPrice: liquidationPrice(locked.side, locked.amountCents, locked.marginCents, entry),
          openedAt: new Date(),
        });
      });
      if (opened) announce(opened);
      return opened;
    },

    /**
     * The trigger engine: take-profit, stop-loss or liquidation closes the position at `price`;
     * not when the position as locked no longer has that exit at that price (an edit or added
     * margin committed after the engine read it).
     */
    async closeByTrigger(orderId: string, price: bigint, reason: TExit): Promise<OrderRow | undefined> {
      const closed = await settle(orderId, ORDER_CODE.done, () => price, {
        reason,
        isDue: (row) => exitFiresAt(row, reason, price),
      });
      if (closed) announce(closed);
      return closed;
    },
  };
}
export type Settlement = ReturnType<typeof createSettlement>;
