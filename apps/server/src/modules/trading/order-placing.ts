import { randomUUID } from 'node:crypto';
import { parseScaled } from '@td/contracts/decimal';
import { pricesDelayedText, realNeedsLivePricesText } from '@td/contracts/market';
import { ORDER_CODE } from '@td/contracts/statuses';
import {
  checkExits,
  closeSidePrice,
  feeFor,
  limitFills,
  liquidationPrice,
  marginFor,
  openSidePrice,
  type TSide,
} from '@td/contracts/trading-math';
import type { Database, DatabaseHandle } from '../../platform/db/client';
import { badRequest, conflict } from '../../platform/errors';
import { InsufficientFundsError, insertWithMovement, post, type TBook } from '../ledger/ledger';
import { isMarketOpen } from '../market/market-hours';
import type { PricePolicy } from '../market/price-sources';
import type { PairsRepository } from '../pairs/pairs.repository';
import { pairOf, priceInput } from './order-inputs';
import type { OnFeeCharged } from './order-settlement';
import type { OrderRow, OrdersRepository } from './orders.repository';
import { isFresh, type QuoteSource } from './quotes';
import type { AnnounceOrder } from './trading-channels';
import { placement } from './trading-ledger';

export interface PlaceOrderInput {
  account: TBook;
  symbol: string;
  side: TSide;
  type: 'market' | 'limit';
  amount: string;
  leverage: number;
  price?: string | undefined;
  takeProfit?: string | null | undefined;
  stopLoss?: string | null | undefined;
  clientOrderId?: string | undefined;
}

type OrderBase = Omit<OrderRow, 'id' | 'createdAt' | 'status'>;

/**
 * Placing an order: checked against its pair, its market's hours and the live quote, then
 * inserted with its money in one statement (or one transaction when a commission is owed). A
 * refused order is stored as Rejected with its reason; a retried `clientOrderId` gets its first
 * answer back.
 */
/** What placing an order and changing one both read: the books, the pairs, the prices and the rules. */
export interface TradingDeps {
  /** The same database, for statements written as plain text on the hot path. */
  handle: DatabaseHandle;
  db: Database;
  orders: OrdersRepository;
  /** Read on every order: the API passes them cached (`cachedPairs`). */
  pairs: PairsRepository;
  quotes: QuoteSource;
  /** The `trading.maxQuoteAgeMs` setting: an older quote is not traded on. */
  maxQuoteAgeMs: () => Promise<number>;
  /** Real orders only on live prices (or in a demonstration deployment). */
  prices: PricePolicy;
  /** A Real order needs a verified level of identity: throws the 403 that says what is missing. */
  requireRealTrading: (userId: string) => Promise<void>;
  feePpm: () => Promise<bigint>;
}

export function createOrderPlacing(
  deps: TradingDeps & {
    announce: AnnounceOrder;
    /** The demo book is funded before its first order. */
    ensureDemoFunded: (userId: string) => Promise<void>;
    onFeeCharged?: OnFeeCharged | undefined;
  },
) {
  const { db, orders } = deps;

  /** The first answer to a `clientOrderId` that was used already (its order row inserted first). */
  const replayOf = async (userId: string, clientOrderId: string | null) => {
    const earlier = clientOrderId ? await orders.findByClientId(userId, clientOrderId) : undefined;
    if (!earlier) throw new Error('order insert returned nothing');
    return { order: earlier, isReplay: true };
  };

  const reject = async (base: OrderBase, reason: string) => {
    const row = await orders.insert(db, {
      ...base,
      status: ORDER_CODE.rejected,
      reason,
      marginCents: 0n,
      feeCents: 0n,
    });
    if (!row) return replayOf(base.userId, base.clientOrderId);
    deps.announce(row);
    return { order: row, isReplay: false };
  };

  return async (userId: string, input: PlaceOrderInput): Promise<{ order: OrderRow; isReplay: boolean }> => {
    // A retried `clientOrderId` meets its first order at the insert (a unique index) and gets
    // the first answer back, before any money moves; no lookup is needed on the way in.
    const pair = await pairOf(deps.pairs, input.symbol);
    if (input.account === 'real' && !deps.prices.isRealTradable(pair.pairType))
      throw conflict(realNeedsLivePricesText(pair.symbol));
    if (input.account === 'real') await deps.requireRealTrading(userId);
    if (input.type === 'limit' && !input.price) throw badRequest('A limit order needs a price');
    const amountCents = parseScaled(input.amount, 2);
    const limitPrice = input.type === 'limit' ? priceInput(pair, input.price, 'Price') : undefined;
    const takeProfit = priceInput(pair, input.takeProfit, 'Take profit') ?? null;
    const stopLoss = priceInput(pair, input.stopLoss, 'Stop loss') ?? null;
    if (input.account === 'demo') await deps.ensureDemoFunded(userId);

    const base = {
      userId,
      book: input.account,
      symbol: pair.symbol,
      side: input.side,
      type: input.type,
      reason: null,
      precision: pair.pricePrecision,
      amountCents,
      leverage: input.leverage,
      price: limitPrice ?? null,
      marginCents: marginFor(amountCents, input.leverage),
      feeCents: feeFor(amountCents, await deps.feePpm()),
      takeProfit,
      stopLoss,
      liquidationPrice: null,
      closePrice: null,
      pnlCents: null,
      clientOrderId: input.clientOrderId ?? null,
      parentId: null,
      openedAt: null,
      closedAt: null,
    } satisfies OrderBase;

    if (pair.status !== ORDER_CODE.active) return reject(base, 'pair_inactive');
    if (amountCents < pair.minAmountCents || amountCents > pair.maxAmountCents) {
      return reject(base, 'amount_out_of_range');
    }
    if (input.leverage > pair.maxLeverage) return reject(base, 'leverage_out_of_range');
    if (!isMarketOpen(pair.pairType, Date.now())) return reject(base, 'market_closed');
    const quote = deps.quotes.quote(pair.symbol);
    if (!quote) return reject(base, 'no_price');
    if (!isFresh(quote, await deps.maxQuoteAgeMs())) throw conflict(pricesDelayedText(pair.symbol));

    const opensNow =
      input.type === 'market' ||
      (limitPrice !== undefined && limitPrice !== null && limitFills(input.side, limitPrice, quote));
    const reference = opensNow ? closeSidePrice(input.side, quote) : (limitPrice ?? 0n);
    const exitProblem = checkExits(input.side, reference, { takeProfit, stopLoss });
    if (exitProblem) throw badRequest(exitProblem);

    const entry = openSidePrice(input.side, quote);
    const values = opensNow
      ? {
          ...base,
          status: ORDER_CODE.active,
          price: entry,
          liquidationPrice: liquidationPrice(input.side, amountCents, base.marginCents, entry),
          openedAt: new Date(),
        }
      : { ...base, status: ORDER_CODE.pending };
    const placed: OrderRow = { ...values, id: randomUUID(), createdAt: new Date() };
    const movement = placement(base, opensNow);
    // A fee charged on a real account may owe a commission, written in the fee's transaction.
    const onFeeCharged = opensNow && input.account === 'real' ? deps.onFeeCharged : undefined;
    try {
      const isInserted = onFeeCharged
        ? await db.transaction(async (tx) => {
            const inserted = await orders.insert(tx, placed);
            if (!inserted) return false;
            await post(tx, { ...movement, refId: inserted.id });
            await onFeeCharged(tx, {
              userId,
              book: input.account,
              orderId: inserted.id,
              feeCents: base.feeCents,
            });
            return true;
          })
        : // One statement: the order and its money appear together, or neither does.
          await insertWithMovement(deps.handle, orders.insertSource(placed), movement);
      if (!isInserted) return replayOf(userId, base.clientOrderId);
    } catch (error) {
      if (error instanceof InsufficientFundsError) return reject(base, 'insufficient_margin');
      throw error;
    }
    deps.announce(placed);
    return { order: placed, isReplay: false };
  };
}
