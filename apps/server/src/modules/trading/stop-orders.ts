import { markupIncome } from '@td/contracts/group-terms';
import { ORDER_CODE } from '@td/contracts/statuses';
import { exitFiresAt, liquidationPrice } from '@td/contracts/trading-math';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/client';
import { post } from '../ledger/ledger';
import type { ExposureAtFill, ExposureRefusal } from '../risk/exposure-limit';
import type { OnFeeCharged } from './order-settlement';
import type { OrderRow, OrdersRepository } from './orders.repository';
import type { AnnounceOrder } from './trading-channels';
import { fillFee, release } from './trading-ledger';
import type { MovedStop } from './trigger-books';

/** A whole close at a trigger, as order-settlement's `settle` runs it. */
type Settle = (
  orderId: string,
  to: typeof ORDER_CODE.done,
  price: (row: OrderRow) => bigint | undefined,
  options: {
    reason?: string;
    isDue?: (row: OrderRow) => boolean;
    closing?: Partial<Pick<OrderRow, 'stopLoss'>>;
    marketPrice?: (row: OrderRow) => bigint | undefined;
  },
) => Promise<OrderRow | undefined>;

/** Moved trailing stops saved per statement (three parameters each). */
const SAVE_BATCH = 5_000;

/** Whether a stop order's trigger is reached at `price` (its side's price): a buy's as it rises to it. */
export const stopReached = (side: OrderRow['side'], stopPrice: bigint, price: bigint) =>
  side === 'buy' ? price >= stopPrice : price <= stopPrice;

/** A trailing order's first stop-loss once it opens at `entry`: the distance away, on the losing side. */
export function trailFrom(
  order: Pick<OrderRow, 'side' | 'trailingStop'>,
  entry: bigint,
): Partial<Pick<OrderRow, 'stopLoss'>> {
  if (order.trailingStop === null) return {};
  const level = order.side === 'buy' ? entry - order.trailingStop : entry + order.trailingStop;
  return { stopLoss: level > 0n ? level : 1n };
}

/**
 * What the trigger engine does to stop orders, trailing stops and expiring orders. Each step is one
 * transaction on the order row as locked that checks the trigger still holds there, so it happens
 * once however often, and from however many processes, it is asked for.
 */
export function createStopSettlement(deps: {
  db: Database;
  orders: OrdersRepository;
  announce: AnnounceOrder;
  announceTrailing?: AnnounceOrder | undefined;
  onFeeCharged?: OnFeeCharged | undefined;
  settle: Settle;
  exposureAtFill?: ExposureAtFill | undefined;
  refuseForExposure: (tx: Tx, locked: OrderRow, refusal: ExposureRefusal) => Promise<OrderRow | undefined>;
  afterFill: (row: OrderRow | undefined) => OrderRow | undefined;
}) {
  const { db, orders, announce } = deps;

  const announced = (row: OrderRow | undefined) => {
    if (row) announce(row);
    return row;
  };

  return {
    /**
     * A pending stop order whose trigger the market reached opens at `price` (the tick's, at its
     * markup; `marketPrice` without it: the difference is spread income).
     */
    async fillStop(orderId: string, price: bigint, marketPrice = price): Promise<OrderRow | undefined> {
      const opened = await db.transaction(async (tx) => {
        const locked = await orders.lock(tx, orderId, [ORDER_CODE.pending]);
        if (locked?.type !== 'stop' || locked.stopPrice === null) return undefined;
        if (!stopReached(locked.side, locked.stopPrice, price)) return undefined;
        const refusal = await deps.exposureAtFill?.(tx, locked);
        if (refusal) return deps.refuseForExposure(tx, locked, refusal);
        await post(tx, fillFee(orderId, locked, markupIncome(locked.amountCents, price, marketPrice)));
        const charge = { userId: locked.userId, book: locked.book, orderId, feeCents: locked.feeCents };
        await deps.onFeeCharged?.(tx, charge);
        const now = new Date();
        return orders.update(tx, orderId, {
          status: ORDER_CODE.active,
          price,
          liquidationPrice: liquidationPrice(locked.side, locked.amountCents, locked.marginCents, price),
          ...trailFrom(locked, price),
          triggeredAt: now,
          openedAt: now,
        });
      });
      return deps.afterFill(opened);
    },

    /** A pending stop-limit whose trigger the market reached waits from now on as a limit order. */
    async triggerStopLimit(orderId: string, price: bigint): Promise<OrderRow | undefined> {
      const triggered = await db.transaction(async (tx) => {
        const locked = await orders.lock(tx, orderId, [ORDER_CODE.pending]);
        if (locked?.type !== 'stop_limit' || locked.stopPrice === null || locked.triggeredAt)
          return undefined;
        if (!stopReached(locked.side, locked.stopPrice, price)) return undefined;
        return orders.update(tx, orderId, { triggeredAt: new Date() });
      });
      return announced(triggered);
    },

    /** A pending order whose end has come is cancelled as `expired`, its reserve given back. */
    async expire(orderId: string, nowMs: number): Promise<OrderRow | undefined> {
      const expired = await db.transaction(async (tx) => {
        const locked = await orders.lock(tx, orderId, [ORDER_CODE.pending]);
        if (!locked?.expiresAt || locked.expiresAt.getTime() > nowMs) return undefined;
        await post(tx, release(orderId, locked));
        return orders.update(tx, orderId, {
          status: ORDER_CODE.cancelled,
          reason: 'expired',
          closedAt: new Date(nowMs),
        });
      });
      return announced(expired);
    },

    /**
     * A trailing stop-loss fired: the position closes at `price`, with its stop-loss recorded at
     * `level`, where the engine had moved it (the database may not have that move yet), while it
     * still trails at `distance`.
     */
    async closeByTrailingStop(
      orderId: string,
      price: bigint,
      level: bigint,
      distance: bigint,
      marketPrice = price,
    ): Promise<OrderRow | undefined> {
      const closed = await deps.settle(orderId, ORDER_CODE.done, () => price, {
        reason: 'stop_loss',
        marketPrice: () => marketPrice,
        // Not when its owner changed or removed the distance after the engine read it.
        isDue: (row) =>
          row.trailingStop === distance && exitFiresAt({ ...row, stopLoss: level }, 'stop_loss', price),
        closing: { stopLoss: level },
      });
      return announced(closed);
    },

    /**
     * Saves the trailing stop-losses the engine moved, many per statement; each only while its
     * position is open, still trails at that distance, and only in its owner's favour. The orders
     * it moved are then told to their owners' streams, so the line on their chart follows.
     */
    async saveTrailingStops(moved: readonly MovedStop[]): Promise<void> {
      for (let start = 0; start < moved.length; start += SAVE_BATCH) {
        const rows = moved
          .slice(start, start + SAVE_BATCH)
          .map(
            (one) =>
              sql`(${one.orderId}::uuid, ${one.distance.toString()}::bigint, ${one.stopLoss.toString()}::bigint)`,
          );
        const saved = await db.execute(sql`
          update orders set stop_loss = v.level
          from (values ${sql.join(rows, sql`, `)}) as v(id, distance, level)
          where orders.id = v.id and orders.status = ${ORDER_CODE.active} and orders.trailing_stop = v.distance
            and (orders.stop_loss is null
              or (orders.side = 'buy' and orders.stop_loss < v.level)
              or (orders.side = 'sell' and orders.stop_loss > v.level))
          returning orders.id`);
        if (!deps.announceTrailing) continue;
        const ids = (saved as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
        if (ids.length > 0) for (const row of await orders.findMany(ids)) deps.announceTrailing(row);
      }
    },
  };
}
