import { parseScaled } from '@td/contracts/decimal';
import { markupQuote } from '@td/contracts/group-terms';
import { ORDER_CODE } from '@td/contracts/statuses';
import { orderReasonText } from '@td/contracts/trading';
import { checkExits, closeSidePrice } from '@td/contracts/trading-math';
import type { Bus } from '../../platform/bus/bus';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { post } from '../ledger/ledger';
import { isMarketOpen } from '../market/market-hours';
import type { PairRow } from '../pairs/pairs.repository';
import { type ExposureRefusal, exposureAtFill } from '../risk/exposure-limit';
import { liquidationFor, riskOf } from './account-risk';
import { createDemoBook } from './demo-book';
import { conditionChanges } from './order-conditions';
import { pairOf, priceInput } from './order-inputs';
import { createOrderPlacing, type TradingDeps } from './order-placing';
import { createSettlement, type OnFeeCharged } from './order-settlement';
import type { OrderRow } from './orders.repository';
import { freshQuote } from './quotes';
import { createOrderAnnouncer } from './trading-channels';
import { addedMargin, release } from './trading-ledger';

/**
 * Orders and positions as the API offers them: placing (`order-placing.ts`), settlement
 * (`order-settlement.ts`, which the trigger engine uses too), the demo book (`demo-book.ts`), and
 * the edits of a live order here. Every state change is one database transaction in which the
 * order row is locked and the money moves through the ledger, so concurrent requests and the
 * trigger engine can never apply the same change twice.
 */
export function createOrdersService(
  deps: TradingDeps & {
    bus: Bus;
    logger: Logger;
    /** The demo book's start balance in cents (the `trading.demoStartBalance` setting; 10,000 USD by default). */
    demoStartCents?: () => Promise<bigint>;
    onFeeCharged?: OnFeeCharged;
    /** The dealer's alert of a Real order refused for its pair's exposure limit. */
    onExposureLimit?: (refusal: ExposureRefusal) => void;
  },
) {
  const { db, orders } = deps;
  const announce = createOrderAnnouncer(deps);
  const settlement = createSettlement({
    db,
    orders,
    announce,
    onFeeCharged: deps.onFeeCharged,
    exposureAtFill: exposureAtFill(deps.quotes),
    onExposureLimit: deps.onExposureLimit,
  });

  /** The live order of `userId` (another user's is one that does not exist) and its pair. */
  const ownOrder = async (userId: string, orderId: string) => {
    const row = await orders.find(orderId);
    if (row?.userId !== userId) throw notFound('Order not found');
    return { row, pair: await pairOf(deps.pairs, row.symbol) };
  };

  /**
   * The price a position closes at now (at its markup: its owner's group price when it opened), or
   * a 409 when its market is shut; and the market's own, whose difference is the house's spread
   * income.
   */
  const closingPrice = async (pair: PairRow) => {
    if (!isMarketOpen(pair.pairType, Date.now()))
      throw new AppError('CONFLICT', orderReasonText('market_closed'));
    const quote = freshQuote(deps.quotes, pair.symbol, await deps.maxQuoteAgeMs());
    return {
      price: (locked: OrderRow) =>
        quote ? closeSidePrice(locked.side, markupQuote(quote, locked.spreadMarkupBp)) : undefined,
      marketPrice: (locked: OrderRow) => (quote ? closeSidePrice(locked.side, quote) : undefined),
    };
  };

  const cancel = async (userId: string, orderId: string): Promise<OrderRow> => {
    const cancelled = await db.transaction(async (tx) => {
      const row = await orders.lock(tx, orderId, [ORDER_CODE.pending], userId);
      if (!row) return undefined;
      await post(tx, release(orderId, row));
      return orders.update(tx, orderId, { status: ORDER_CODE.cancelled, closedAt: new Date() });
    });
    if (!cancelled) {
      const row = await orders.find(orderId);
      if (row?.userId !== userId) throw notFound('Order not found');
      throw new AppError('CONFLICT', 'Only a pending order can be cancelled');
    }
    announce(cancelled);
    return cancelled;
  };

  const demo = createDemoBook({
    db,
    orders,
    quotes: deps.quotes,
    settlement,
    cancel,
    announce,
    demoStartCents: deps.demoStartCents,
  });

  return {
    place: createOrderPlacing({
      ...deps,
      announce,
      ensureDemoFunded: demo.ensureFunded,
      onFeeCharged: deps.onFeeCharged,
      onExposureLimit: deps.onExposureLimit,
    }),
    fill: settlement.fill,
    closeByTrigger: settlement.closeByTrigger,

    async close(userId: string, orderId: string): Promise<OrderRow> {
      const { row, pair } = await ownOrder(userId, orderId);
      if (row.status !== ORDER_CODE.active)
        throw new AppError('CONFLICT', 'Only an open position can be closed');
      const { price, marketPrice } = await closingPrice(pair);
      const closed = await settlement.settle(orderId, ORDER_CODE.manualClose, price, { userId, marketPrice });
      if (!closed) throw new AppError('CONFLICT', 'This position is already closed');
      announce(closed);
      return closed;
    },

    async partialClose(
      userId: string,
      orderId: string,
      amount: string,
    ): Promise<{ remaining: OrderRow; closed: OrderRow }> {
      const { row, pair } = await ownOrder(userId, orderId);
      if (row.status !== ORDER_CODE.active)
        throw new AppError('CONFLICT', 'Only an open position can be closed');
      // The part is checked against the position as locked (settle): a concurrent close changes it.
      const part = { amountCents: parseScaled(amount, 2), minCents: pair.minAmountCents };
      const { price, marketPrice } = await closingPrice(pair);
      const closed = await settlement.settle(orderId, ORDER_CODE.manualClose, price, {
        userId,
        part,
        marketPrice,
      });
      if (!closed) throw new AppError('CONFLICT', 'This position is already closed');
      const remaining = await orders.find(orderId);
      if (remaining) announce(remaining);
      announce(closed);
      return { remaining: remaining ?? row, closed };
    },

    cancel,

    async update(
      userId: string,
      orderId: string,
      input: {
        takeProfit?: string | null | undefined;
        stopLoss?: string | null | undefined;
        price?: string | undefined;
        stopPrice?: string | undefined;
        trailingStop?: string | null | undefined;
      },
    ): Promise<OrderRow> {
      const { pair } = await ownOrder(userId, orderId);
      const updated = await db.transaction(async (tx) => {
        const row = await orders.lock(tx, orderId, [ORDER_CODE.pending, ORDER_CODE.active], userId);
        if (!row) throw new AppError('CONFLICT', 'This order can no longer be changed');
        if (input.price !== undefined && row.status !== ORDER_CODE.pending)
          throw badRequest('The price can only change while the order is pending');
        if (input.price !== undefined && row.price === null)
          throw badRequest('A stop order takes no price: change its stop price');
        const price = priceInput(pair, input.price, 'Price') ?? row.price;
        const takeProfit =
          input.takeProfit === undefined
            ? row.takeProfit
            : (priceInput(pair, input.takeProfit, 'Take profit') ?? null);
        const stopLoss =
          input.stopLoss === undefined
            ? row.stopLoss
            : (priceInput(pair, input.stopLoss, 'Stop loss') ?? null);
        // At the order's own prices: the pair's quote widened by its group's markup.
        const market = freshQuote(deps.quotes, pair.symbol, await deps.maxQuoteAgeMs());
        const quote = market && markupQuote(market, row.spreadMarkupBp);
        const changes = conditionChanges(pair, row, input, quote);
        const reference =
          row.status === ORDER_CODE.active
            ? quote
              ? closeSidePrice(row.side, quote)
              : undefined
            : (price ?? changes.stopPrice ?? row.stopPrice);
        if (reference == null) throw new AppError('CONFLICT', orderReasonText('no_price'));
        const problem = checkExits(row.side, reference, {
          takeProfit: input.takeProfit === undefined ? undefined : takeProfit,
          stopLoss: input.stopLoss === undefined ? undefined : stopLoss,
        });
        if (problem) throw badRequest(problem);
        return orders.update(tx, orderId, { price, takeProfit, stopLoss, ...changes });
      });
      announce(updated);
      return updated;
    },

    async addMargin(userId: string, orderId: string, amount: string): Promise<OrderRow> {
      const extra = parseScaled(amount, 2);
      if (extra <= 0n) throw badRequest('Add an amount above 0');
      // Another user's order is one that does not exist, as on every other order route.
      if ((await orders.find(orderId))?.userId !== userId) throw notFound('Order not found');
      const updated = await db.transaction(async (tx) => {
        const row = await orders.lock(tx, orderId, [ORDER_CODE.active], userId);
        if (!row || row.price === null)
          throw new AppError('CONFLICT', 'Margin can only be added to an open position');
        await post(tx, addedMargin(orderId, row, extra));
        const total = row.marginCents + extra;
        return orders.update(tx, orderId, {
          marginCents: total,
          liquidationPrice: liquidationFor(
            await riskOf(tx, userId),
            row.side,
            row.amountCents,
            total,
            row.price,
          ),
        });
      });
      announce(updated);
      return updated;
    },

    /** The demo book back to its practice money; resolves to its start balance, in cents. */
    resetDemo: demo.reset,
    ensureDemoFunded: demo.ensureFunded,
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
