import { randomUUID } from 'node:crypto';
import { formatScaled, parseScaled } from '@td/contracts/decimal';
import { orderReasonText, type TOrder } from '@td/contracts/trading';
import { and, eq } from 'drizzle-orm';
import type { Bus } from '../../platform/bus/bus';
import type { Database, DatabaseHandle } from '../../platform/db/client';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import {
  balancesOf,
  cash,
  house,
  InsufficientFundsError,
  insertWithMovement,
  margin,
  post,
  type TBook,
  type Tx,
} from '../ledger/ledger';
import { ledgerTransactions } from '../ledger/ledger.schema';
import { isMarketOpen } from '../market/market-hours';
import type { PriceBoard } from '../market/price-board';
import type { PairRow, PairsRepository } from '../pairs/pairs.repository';
import type { OrderRow, OrdersRepository } from './orders.repository';
import {
  checkExits,
  closeSidePrice,
  feeFor,
  limitFills,
  liquidationPrice,
  marginFor,
  openSidePrice,
  pnlAt,
  type TSide,
} from './trading-math';

/** The demo account's practice money, in cents (SPEC §6). */
export const DEMO_BALANCE_CENTS = 1_000_000n;
/** A price older than this is no price: an order waits for a live one rather than fill on a stale one. */
const QUOTE_AGE_MS_MAX = 30_000;
export const ORDERS_CHANGED_CHANNEL = 'orders.changed';
const FUNDED_CACHE_MAX = 100_000;
export const USER_EVENTS_CHANNEL = 'user.events';

export interface Quote {
  bid: bigint;
  ask: bigint;
  tMs: number;
}
export interface QuoteSource {
  quote(symbol: string): Quote | undefined;
}

/** The live bid and ask of a pair, read off the price board. */
export function quotesOf(board: Pick<PriceBoard, 'get'>): QuoteSource {
  return {
    quote(symbol) {
      const tick = board.get(symbol);
      return tick ? { bid: BigInt(tick.bid), ask: BigInt(tick.ask), tMs: tick.tMs } : undefined;
    },
  };
}

export function toOrderDto(row: OrderRow, unrealizedPnl?: bigint): TOrder {
  const price = (value: bigint | null) => (value === null ? null : formatScaled(value, row.precision));
  const pnl = row.pnlCents ?? unrealizedPnl ?? null;
  return {
    id: row.id,
    account: row.book,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    amount: formatScaled(row.amountCents, 2),
    leverage: row.leverage,
    price: price(row.price),
    margin: formatScaled(row.marginCents, 2),
    fee: formatScaled(row.feeCents, 2),
    takeProfit: price(row.takeProfit),
    stopLoss: price(row.stopLoss),
    liquidationPrice: price(row.liquidationPrice),
    closePrice: price(row.closePrice),
    status: row.status,
    reason: row.reason,
    pnl: pnl === null ? null : formatScaled(pnl, 2),
    clientOrderId: row.clientOrderId,
    parentId: row.parentId,
    createdAt: row.createdAt.toISOString(),
    openedAt: row.openedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/**
 * Orders and positions: every state change is one database transaction in which the order row is
 * locked and the money moves through the ledger, so concurrent requests and the trigger engine
 * can never apply the same change twice.
 */
export function createOrdersService(deps: {
  /** The same database, for statements written as plain text on the hot path. */
  handle: DatabaseHandle;
  db: Database;
  orders: OrdersRepository;
  /** Read on every order: the API passes them cached (`cachedPairs`). */
  pairs: PairsRepository;
  quotes: QuoteSource;
  bus: Bus;
  logger: Logger;
  feePpm: () => Promise<bigint>;
  /** Runs inside the transaction that charges an opening fee (the referral commission). */
  onFeeCharged?: (
    tx: Tx,
    charge: { userId: string; book: TBook; orderId: string; feeCents: bigint },
  ) => Promise<unknown>;
}) {
  const { db, orders } = deps;
  // A demo book is granted once: remembered on the hot path of placing an order.
  const fundedDemo = new Set<string>();

  const announce = (row: OrderRow) => {
    const events = [
      deps.bus.publish(ORDERS_CHANGED_CHANNEL, { orderId: row.id }),
      deps.bus.publish(USER_EVENTS_CHANNEL, {
        userId: row.userId,
        book: row.book,
        kind: 'order',
        order: toOrderDto(row),
      }),
    ];
    Promise.all(events).catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'announcing an order failed'),
    );
  };

  const pairOf = async (symbol: string) => {
    const pair = await deps.pairs.find(symbol);
    if (!pair) throw notFound(`There is no pair ${symbol}`);
    return pair;
  };

  const liveQuote = (pair: PairRow): Quote | undefined => {
    const quote = deps.quotes.quote(pair.symbol);
    return quote && Date.now() - quote.tMs <= QUOTE_AGE_MS_MAX ? quote : undefined;
  };

  const priceInput = (pair: PairRow, text: string | null | undefined, label: string) => {
    if (text == null) return text === null ? null : undefined;
    try {
      const value = parseScaled(text, pair.pricePrecision);
      if (value <= 0n) throw new RangeError('not positive');
      return value;
    } catch {
      throw badRequest(`${label} must be a positive price with at most ${pair.pricePrecision} decimals`);
    }
  };

  /** The demo book starts with its practice money the first time it is used (once: a unique index says so). */
  const ensureDemoFunded = async (userId: string) => {
    if (fundedDemo.has(userId)) return;
    if (fundedDemo.size >= FUNDED_CACHE_MAX) fundedDemo.clear();
    const [granted] = await db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.kind, 'demo_grant'), eq(ledgerTransactions.refId, userId)))
      .limit(1);
    if (granted) {
      fundedDemo.add(userId);
      return;
    }
    try {
      await db.transaction((tx) =>
        post(tx, {
          kind: 'demo_grant',
          refType: 'demo',
          refId: userId,
          postings: [
            { account: cash(userId, 'demo'), amountCents: DEMO_BALANCE_CENTS },
            { account: house('demo'), amountCents: -DEMO_BALANCE_CENTS },
          ],
        }),
      );
    } catch (error) {
      // A concurrent first order granted it already.
      if (
        !(
          await db
            .select({ id: ledgerTransactions.id })
            .from(ledgerTransactions)
            .where(and(eq(ledgerTransactions.kind, 'demo_grant'), eq(ledgerTransactions.refId, userId)))
        ).length
      )
        throw error;
    }
  };

  /** The first answer to a `clientOrderId` that was used already (its order row inserted first). */
  const replayOf = async (userId: string, clientOrderId: string | null) => {
    const earlier = clientOrderId ? await orders.findByClientId(userId, clientOrderId) : undefined;
    if (!earlier) throw new Error('order insert returned nothing');
    return { order: earlier, isReplay: true };
  };

  const reject = async (base: Omit<OrderRow, 'id' | 'createdAt' | 'status'>, reason: string) => {
    const row = await orders.insert(db, { ...base, status: 'rvt', reason, marginCents: 0n, feeCents: 0n });
    if (!row) return replayOf(base.userId, base.clientOrderId);
    announce(row);
    return { order: row, isReplay: false };
  };

  /** Closes all or `part` of a position at `price`; returns the closed row. */
  const settle = async (
    orderId: string,
    statuses: { from: 'act'; to: 'mcl' | 'exc' },
    price: (row: OrderRow) => bigint | undefined,
    options: { userId?: string; reason?: string; partCents?: bigint },
  ): Promise<OrderRow | undefined> =>
    db.transaction(async (tx) => {
      const row = await orders.lock(tx, orderId, [statuses.from], options.userId);
      if (!row || row.price === null) return undefined;
      const closeAt = price(row);
      if (closeAt === undefined) throw new AppError('CONFLICT', orderReasonText('no_price'));
      const part = options.partCents ?? row.amountCents;
      const isPartial = part < row.amountCents;
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
          status: statuses.to,
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
          status: statuses.to,
          reason: options.reason ?? null,
          closePrice: closeAt,
          pnlCents: realized,
          closedAt: now,
        });
      }
      await post(tx, {
        kind: 'close',
        refType: 'order',
        refId: closed.id,
        postings: [
          { account: margin(row.userId, row.book), amountCents: -partMargin },
          { account: cash(row.userId, row.book), amountCents: payout },
          // The house is the counterparty: it pays profits and keeps losses (never more than the margin).
          { account: house('trading'), amountCents: partMargin - payout },
        ],
      });
      return closed;
    });

  const cancel = async (userId: string, orderId: string): Promise<OrderRow> => {
    const cancelled = await db.transaction(async (tx) => {
      const row = await orders.lock(tx, orderId, ['pnd'], userId);
      if (!row) return undefined;
      await post(tx, {
        kind: 'release',
        refType: 'order',
        refId: orderId,
        postings: [
          { account: margin(userId, row.book), amountCents: -(row.marginCents + row.feeCents) },
          { account: cash(userId, row.book), amountCents: row.marginCents + row.feeCents },
        ],
      });
      return orders.update(tx, orderId, { status: 'cnl', closedAt: new Date() });
    });
    if (!cancelled) {
      const row = await orders.find(orderId);
      if (row?.userId !== userId) throw notFound('Order not found');
      throw new AppError('CONFLICT', 'Only a pending order can be cancelled');
    }
    announce(cancelled);
    return cancelled;
  };

  const afterChange = async (id: string) => {
    const row = await orders.find(id);
    if (row) announce(row);
    return row;
  };

  return {
    async place(
      userId: string,
      input: {
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
      },
    ): Promise<{ order: OrderRow; isReplay: boolean }> {
      // A retried `clientOrderId` meets its first order at the insert (a unique index) and gets
      // the first answer back, before any money moves; no lookup is needed on the way in.
      const pair = await pairOf(input.symbol);
      if (input.type === 'limit' && !input.price) throw badRequest('A limit order needs a price');
      const amountCents = parseScaled(input.amount, 2);
      const limitPrice = input.type === 'limit' ? priceInput(pair, input.price, 'Price') : undefined;
      const takeProfit = priceInput(pair, input.takeProfit, 'Take profit') ?? null;
      const stopLoss = priceInput(pair, input.stopLoss, 'Stop loss') ?? null;
      if (input.account === 'demo') await ensureDemoFunded(userId);

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
      } satisfies Omit<OrderRow, 'id' | 'createdAt' | 'status'>;

      if (pair.status !== 'act') return reject(base, 'pair_inactive');
      if (amountCents < pair.minAmountCents || amountCents > pair.maxAmountCents) {
        return reject(base, 'amount_out_of_range');
      }
      if (input.leverage > pair.maxLeverage) return reject(base, 'leverage_out_of_range');
      if (!isMarketOpen(pair.pairType, Date.now())) return reject(base, 'market_closed');
      const quote = liveQuote(pair);
      if (!quote) return reject(base, 'no_price');

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
            status: 'act' as const,
            price: entry,
            liquidationPrice: liquidationPrice(input.side, amountCents, base.marginCents, entry),
            openedAt: new Date(),
          }
        : { ...base, status: 'pnd' as const };
      const placed: OrderRow = { ...values, id: randomUUID(), createdAt: new Date() };
      const movement = {
        kind: opensNow ? 'open' : 'reserve',
        refType: 'order',
        insufficientMessage: 'Not enough free margin',
        postings: opensNow
          ? [
              { account: cash(userId, input.account), amountCents: -(base.marginCents + base.feeCents) },
              { account: margin(userId, input.account), amountCents: base.marginCents },
              { account: house('fees'), amountCents: base.feeCents },
            ]
          : [
              { account: cash(userId, input.account), amountCents: -(base.marginCents + base.feeCents) },
              { account: margin(userId, input.account), amountCents: base.marginCents + base.feeCents },
            ],
      };
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
      announce(placed);
      return { order: placed, isReplay: false };
    },

    /** The trigger engine: a pending order whose limit the market crossed opens at `entry`. */
    async fill(orderId: string, entry: bigint): Promise<OrderRow | undefined> {
      const opened = await db.transaction(async (tx) => {
        const locked = await orders.lock(tx, orderId, ['pnd']);
        if (!locked) return undefined;
        await post(tx, {
          kind: 'fee',
          refType: 'order',
          refId: orderId,
          postings: [
            { account: margin(locked.userId, locked.book), amountCents: -locked.feeCents },
            { account: house('fees'), amountCents: locked.feeCents },
          ],
        });
        const charge = { userId: locked.userId, book: locked.book, orderId, feeCents: locked.feeCents };
        await deps.onFeeCharged?.(tx, charge);
        return orders.update(tx, orderId, {
          status: 'act',
          price: entry,
          liquidationPrice: liquidationPrice(locked.side, locked.amountCents, locked.marginCents, entry),
          openedAt: new Date(),
        });
      });
      if (opened) announce(opened);
      return opened;
    },

    /** The trigger engine: take-profit, stop-loss or liquidation closes the position at `price`. */
    async closeByTrigger(
      orderId: string,
      price: bigint,
      reason: 'take_profit' | 'stop_loss' | 'liquidation',
    ) {
      const closed = await settle(orderId, { from: 'act', to: 'exc' }, () => price, { reason });
      if (closed) announce(closed);
      return closed;
    },

    async close(userId: string, orderId: string): Promise<OrderRow> {
      const row = await orders.find(orderId);
      if (row?.userId !== userId) throw notFound('Order not found');
      if (row.status !== 'act') throw new AppError('CONFLICT', 'Only an open position can be closed');
      const pair = await pairOf(row.symbol);
      if (!isMarketOpen(pair.pairType, Date.now()))
        throw new AppError('CONFLICT', orderReasonText('market_closed'));
      const quote = liveQuote(pair);
      const closed = await settle(
        orderId,
        { from: 'act', to: 'mcl' },
        (locked) => (quote ? closeSidePrice(locked.side, quote) : undefined),
        {
          userId,
        },
      );
      if (!closed) throw new AppError('CONFLICT', 'This position is already closed');
      announce(closed);
      return closed;
    },

    async partialClose(
      userId: string,
      orderId: string,
      amount: string,
    ): Promise<{ remaining: OrderRow; closed: OrderRow }> {
      const row = await orders.find(orderId);
      if (row?.userId !== userId) throw notFound('Order not found');
      if (row.status !== 'act') throw new AppError('CONFLICT', 'Only an open position can be closed');
      const part = parseScaled(amount, 2);
      const pair = await pairOf(row.symbol);
      if (part <= 0n || part >= row.amountCents)
        throw badRequest('The amount to close must be more than 0 and less than the position');
      if (row.amountCents - part < pair.minAmountCents) {
        throw badRequest(
          `What remains must be at least ${formatScaled(pair.minAmountCents, 2)}; close the whole position instead`,
        );
      }
      if (!isMarketOpen(pair.pairType, Date.now()))
        throw new AppError('CONFLICT', orderReasonText('market_closed'));
      const quote = liveQuote(pair);
      const closed = await settle(
        orderId,
        { from: 'act', to: 'mcl' },
        (locked) => (quote ? closeSidePrice(locked.side, quote) : undefined),
        {
          userId,
          partCents: part,
        },
      );
      if (!closed) throw new AppError('CONFLICT', 'This position is already closed');
      const remaining = await afterChange(orderId);
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
      },
    ): Promise<OrderRow> {
      const current = await orders.find(orderId);
      if (current?.userId !== userId) throw notFound('Order not found');
      const pair = await pairOf(current.symbol);
      const updated = await db.transaction(async (tx) => {
        const row = await orders.lock(tx, orderId, ['pnd', 'act'], userId);
        if (!row) throw new AppError('CONFLICT', 'This order can no longer be changed');
        if (input.price !== undefined && row.status !== 'pnd')
          throw badRequest('The price can only change while the order is pending');
        const price = priceInput(pair, input.price, 'Price') ?? row.price;
        const takeProfit =
          input.takeProfit === undefined
            ? row.takeProfit
            : (priceInput(pair, input.takeProfit, 'Take profit') ?? null);
        const stopLoss =
          input.stopLoss === undefined
            ? row.stopLoss
            : (priceInput(pair, input.stopLoss, 'Stop loss') ?? null);
        const quote = liveQuote(pair);
        const reference =
          row.status === 'act' ? (quote ? closeSidePrice(row.side, quote) : undefined) : price;
        if (reference == null) throw new AppError('CONFLICT', orderReasonText('no_price'));
        const problem = checkExits(row.side, reference, {
          takeProfit: input.takeProfit === undefined ? undefined : takeProfit,
          stopLoss: input.stopLoss === undefined ? undefined : stopLoss,
        });
        if (problem) throw badRequest(problem);
        return orders.update(tx, orderId, { price, takeProfit, stopLoss });
      });
      announce(updated);
      return updated;
    },

    async addMargin(userId: string, orderId: string, amount: string): Promise<OrderRow> {
      const extra = parseScaled(amount, 2);
      if (extra <= 0n) throw badRequest('Add an amount above 0');
      const updated = await db.transaction(async (tx) => {
        const row = await orders.lock(tx, orderId, ['act'], userId);
        if (!row || row.price === null)
          throw new AppError('CONFLICT', 'Margin can only be added to an open position');
        await post(tx, {
          kind: 'add_margin',
          refType: 'order',
          refId: orderId,
          insufficientMessage: 'Not enough free balance',
          postings: [
            { account: cash(userId, row.book), amountCents: -extra },
            { account: margin(userId, row.book), amountCents: extra },
          ],
        });
        const total = row.marginCents + extra;
        return orders.update(tx, orderId, {
          marginCents: total,
          liquidationPrice: liquidationPrice(row.side, row.amountCents, total, row.price),
        });
      });
      announce(updated);
      return updated;
    },

    /** The demo book back to its practice money: everything cancelled or closed, cash topped up or trimmed. */
    async resetDemo(userId: string): Promise<void> {
      await ensureDemoFunded(userId);
      for (const row of await orders.live(userId, 'demo')) {
        if (row.status === 'pnd') await cancel(userId, row.id).catch(() => undefined);
        else {
          const quote = deps.quotes.quote(row.symbol);
          // Closed at the last price known, even when its market is shut: a reset is not a trade.
          const at = quote ? closeSidePrice(row.side, quote) : (row.price ?? 0n);
          const closed = await settle(row.id, { from: 'act', to: 'mcl' }, () => at, {
            userId,
            reason: 'demo_reset',
          });
          if (closed) announce(closed);
        }
      }
      await db.transaction(async (tx) => {
        const { cash: available } = await balancesOf(tx, userId, 'demo');
        const topUp = DEMO_BALANCE_CENTS - available;
        if (topUp === 0n) return;
        await post(tx, {
          kind: 'demo_reset',
          refType: 'demo_reset',
          refId: userId,
          postings: [
            { account: cash(userId, 'demo'), amountCents: topUp },
            { account: house('demo'), amountCents: -topUp },
          ],
        });
      });
    },
    ensureDemoFunded,
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
