// Placing a new order: checks it against its pair, market hours, a fresh quote, the client group's
// terms, margin call and the pair's exposure limit, then writes the order with its money at once.
// A refused order is stored as rejected with its reason; a retried `clientOrderId` gets the first
// answer back.
import { randomUUID } from 'node:crypto';
import { formatScaled, parseScaled } from '@td/contracts/decimal';
import { leverageCap, markupIncome, markupQuote } from '@td/contracts/group-terms';
import { pricesDelayedText, realNeedsLivePricesText } from '@td/contracts/market';
import { ORDER_CODE } from '@td/contracts/statuses';
import type { TOrderType, TTimeInForce } from '@td/contracts/trading';
import {
  checkExits,
  closeSidePrice,
  feeFor,
  limitFills,
  marginFor,
  openSidePrice,
  type TSide,
} from '@td/contracts/trading-math';
import type { Database, DatabaseHandle } from '../../platform/db/client';
import { badRequest, conflict } from '../../platform/errors';
import { createReadCache } from '../../platform/read-cache';
import {
  type AccountTerms,
  accountTermsOf,
  feePpmFor,
  groupLeverageFor,
  holdTerms,
  markupFor,
  termsHold,
} from '../groups/group-terms';
import { InsufficientFundsError, insertWithMovement, post, type TBook } from '../ledger/ledger';
import { isMarketOpen } from '../market/market-hours';
import type { PricePolicy } from '../market/price-sources';
import type { PairsRepository } from '../pairs/pairs.repository';
import { exceedsLimit } from '../risk/exposure';
import { type ExposureRefusal, lockedRealNet } from '../risk/exposure-limit';
import { liquidationFor, marginCallRefusal } from './account-risk';
import { checkAgainstQuote, orderConditions } from './order-conditions';
import { pairOf, priceInput } from './order-inputs';
import type { OnFeeCharged } from './order-settlement';
import type { OrderRow, OrdersRepository } from './orders.repository';
import { isFresh, type QuoteSource } from './quotes';
import { trailFrom } from './stop-orders';
import type { AnnounceOrder } from './trading-channels';
import { placement } from './trading-ledger';

export interface PlaceOrderInput {
  account: TBook;
  symbol: string;
  side: TSide;
  type: TOrderType;
  amount: string;
  leverage: number;
  price?: string | undefined;
  takeProfit?: string | null | undefined;
  stopLoss?: string | null | undefined;
  clientOrderId?: string | undefined;
  stopPrice?: string | undefined;
  trailingStop?: string | null | undefined;
  timeInForce?: TTimeInForce | undefined;
  expiresAt?: string | undefined;
}

type OrderBase = Omit<OrderRow, 'id' | 'createdAt' | 'status'>;
type Placed = { order: OrderRow; isReplay: boolean };

/**
 * How long a user's group terms are kept between orders. Kept terms never price an order wrongly:
 * the order's insert holds only while the group is as it was read (`termsHold`), and a refusal the
 * terms cause is checked again on terms read afresh; a change only costs the next order a re-read.
 */
const TERMS_TTL_MS = 60_000;
const TERMS_CACHED_MAX = 20_000;
/** Reads of fresh terms an order makes before giving up on a group that keeps changing under it. */
const TERMS_ATTEMPTS = 3;
/** The answer of an attempt whose terms no longer held: place it again on terms read afresh. */
const STALE_TERMS = Symbol('stale terms');

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
    /** Told of a Real order refused for its pair's exposure limit (the dealer's alert). */
    onExposureLimit?: ((refusal: ExposureRefusal) => void) | undefined;
  },
) {
  const { db, orders } = deps;

  /** The first answer to a `clientOrderId` that was used already (its order row inserted first). */
  const earlierOf = async (userId: string, clientOrderId: string | null): Promise<Placed | undefined> => {
    const earlier = clientOrderId ? await orders.findByClientId(userId, clientOrderId) : undefined;
    return earlier ? { order: earlier, isReplay: true } : undefined;
  };
  const replayOf = async (userId: string, clientOrderId: string | null): Promise<Placed> => {
    const earlier = await earlierOf(userId, clientOrderId);
    if (!earlier) throw new Error('order insert returned nothing');
    return earlier;
  };
  const termsCache = createReadCache<string, AccountTerms>({
    ttlMs: TERMS_TTL_MS,
    max: TERMS_CACHED_MAX,
    keep: (account) => account.stamp !== null,
  });

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

  /**
   * One attempt at an order on the given terms. `areTermsFresh`: read for this order; terms kept from
   * an earlier order answer STALE_TERMS instead of refusing, and any terms that changed before the
   * insert answer it too.
   */
  const attempt = async (
    userId: string,
    input: PlaceOrderInput,
    account: AccountTerms,
    areTermsFresh: boolean,
  ): Promise<Placed | typeof STALE_TERMS> => {
    // A retried `clientOrderId` meets its first order at the insert (a unique index) and gets
    // the first answer back, before any money moves; no lookup is needed on the way in.
    const pair = await pairOf(deps.pairs, input.symbol);
    if (input.account === 'real' && !deps.prices.isRealTradable(pair.pairType))
      throw conflict(realNeedsLivePricesText(pair.symbol));
    if (input.account === 'real') await deps.requireRealTrading(userId);
    const conditions = orderConditions(pair, input, Date.now());
    const amountCents = parseScaled(input.amount, 2);
    const takesLimit = input.type === 'limit' || input.type === 'stop_limit';
    const limitPrice = takesLimit ? priceInput(pair, input.price, 'Price') : undefined;
    const takeProfit = priceInput(pair, input.takeProfit, 'Take profit') ?? null;
    const stopLoss = priceInput(pair, input.stopLoss, 'Stop loss') ?? null;
    if (input.account === 'demo') await deps.ensureDemoFunded(userId);

    // Priced by the client group's terms once the quote is known to be fresh (below).
    const unpriced = {
      userId,
      book: input.account,
      symbol: pair.symbol,
      side: input.side,
      type: input.type,
      reason: null,
      precision: pair.pricePrecision,
      amountCents,
      leverage: input.leverage,
      spreadMarkupBp: 0,
      price: limitPrice ?? null,
      marginCents: marginFor(amountCents, input.leverage),
      feeCents: 0n,
      takeProfit,
      stopLoss,
      liquidationPrice: null,
      closePrice: null,
      pnlCents: null,
      pnlCarry: 0n,
      swapCents: 0n,
      swapThrough: null,
      clientOrderId: input.clientOrderId ?? null,
      parentId: null,
      openedAt: null,
      closedAt: null,
      ...conditions,
      triggeredAt: null,
    } satisfies OrderBase;

    if (pair.status !== ORDER_CODE.active) return reject(unpriced, 'pair_inactive');
    if (amountCents < pair.minAmountCents || amountCents > pair.maxAmountCents) {
      return reject(unpriced, 'amount_out_of_range');
    }
    if (input.leverage > pair.maxLeverage) return reject(unpriced, 'leverage_out_of_range');
    if (!isMarketOpen(pair.pairType, Date.now())) return reject(unpriced, 'market_closed');
    const market = deps.quotes.quote(pair.symbol);
    if (!market) return reject(unpriced, 'no_price');
    if (!isFresh(market, await deps.maxQuoteAgeMs())) throw conflict(pricesDelayedText(pair.symbol));

    // --- client group terms: the group's leverage cap, opening fee and prices (with its margin rule) ---
    const { terms, risk, stamp } = account;
    const cap = leverageCap(groupLeverageFor(terms, pair.pairType), pair.maxLeverage);
    if (input.leverage > cap) {
      if (!areTermsFresh) return STALE_TERMS;
      const message = `Leverage must be at most ${cap} for this pair`;
      throw badRequest(message, [{ field: 'body.leverage', message }]);
    }
    const spreadMarkupBp = markupFor(terms, pair.pairType);
    const base = {
      ...unpriced,
      spreadMarkupBp,
      feeCents: feeFor(amountCents, feePpmFor(terms, await deps.feePpm())),
    } satisfies OrderBase;
    // --- end of client group terms ---
    // The user trades on their group's prices: the pair's spread widened by its markup.
    const quote = markupQuote(market, spreadMarkupBp);

    checkAgainstQuote(input.side, conditions, quote);
    const opensNow =
      input.type === 'market' ||
      (input.type === 'limit' &&
        limitPrice !== undefined &&
        limitPrice !== null &&
        limitFills(input.side, limitPrice, quote));
    const reference = opensNow
      ? closeSidePrice(input.side, quote)
      : input.type === 'stop'
        ? (conditions.stopPrice ?? 0n)
        : (limitPrice ?? 0n);
    const exitProblem = checkExits(input.side, reference, { takeProfit, stopLoss });
    if (exitProblem) throw badRequest(exitProblem);

    // --- account risk: the client group's margin rule; a `cross` account at margin call adds no margin ---
    const quoteOf = (symbol: string) => deps.quotes.quote(symbol);
    if (
      await marginCallRefusal(db, userId, input.account, risk, (id, book) => orders.live(id, book), quoteOf)
    )
      return areTermsFresh ? reject(base, 'margin_call') : STALE_TERMS;
    // --- end of account risk ---
    const entry = openSidePrice(input.side, quote);
    const values = opensNow
      ? {
          ...base,
          status: ORDER_CODE.active,
          price: entry,
          liquidationPrice: liquidationFor(risk, input.side, amountCents, base.marginCents, entry),
          ...trailFrom(base, closeSidePrice(input.side, quote)),
          openedAt: new Date(),
        }
      : { ...base, status: ORDER_CODE.pending };
    const placed: OrderRow = { ...values, id: randomUUID(), createdAt: new Date() };
    // The markup is the house's spread income, booked as the order opens.
    const movement = placement(
      base,
      opensNow,
      opensNow ? markupIncome(amountCents, entry, openSidePrice(input.side, market)) : 0n,
    );
    // A fee charged on a real account may owe a commission, written in the fee's transaction.
    const onFeeCharged = opensNow && input.account === 'real' ? deps.onFeeCharged : undefined;
    // --- exposure limit: a Real position that opens now, on a pair with a limit, is checked against
    // the pair's net exposure with the pair's lock held, and written before the lock is let go ---
    const limitCents = opensNow && input.account === 'real' ? (pair.maxNetExposureCents ?? null) : null;
    let refusedAtNet: bigint | undefined;
    // --- end of exposure limit ---
    let isTermsChanged = false;
    try {
      const isInserted =
        onFeeCharged || limitCents !== null
          ? await db.transaction(async (tx) => {
              if (stamp && !(await holdTerms(tx, userId, stamp))) {
                isTermsChanged = true;
                return false;
              }
              if (limitCents !== null) {
                const net = await lockedRealNet(tx, pair.symbol, deps.quotes);
                if (exceedsLimit(net, input.side, amountCents, limitCents)) {
                  refusedAtNet = net;
                  return false;
                }
              }
              const inserted = await orders.insert(tx, placed);
              if (!inserted) return false;
              await post(tx, { ...movement, refId: inserted.id });
              await onFeeCharged?.(tx, {
                userId,
                book: input.account,
                orderId: inserted.id,
                feeCents: base.feeCents,
              });
              return true;
            })
          : // One statement: the order and its money appear together, or neither does.
            await insertWithMovement(
              deps.handle,
              orders.insertSource(placed, stamp ? termsHold(userId, stamp) : undefined),
              movement,
            );
      if (refusedAtNet !== undefined && limitCents !== null) {
        const refused = await reject(base, 'exposure_limit');
        if (!refused.isReplay) {
          deps.onExposureLimit?.({
            symbol: pair.symbol,
            side: input.side,
            amount: formatScaled(amountCents, 2),
            net: formatScaled(refusedAtNet, 2),
            maxNetExposure: formatScaled(limitCents, 2),
            orderId: refused.order.id,
            userId,
          });
        }
        return refused;
      }
      // Not inserted: a retried `clientOrderId` met its first order, or the terms changed.
      if (!isInserted)
        return (!isTermsChanged && (await earlierOf(userId, base.clientOrderId))) || STALE_TERMS;
    } catch (error) {
      if (error instanceof InsufficientFundsError) return reject(base, 'insufficient_margin');
      throw error;
    }
    deps.announce(placed);
    return { order: placed, isReplay: false };
  };

  return async (userId: string, input: PlaceOrderInput): Promise<Placed> => {
    // The kept terms first; after terms that no longer held, terms read afresh, a few times at most.
    for (let tries = 0; tries <= TERMS_ATTEMPTS; tries += 1) {
      let isRead = false;
      const account = await termsCache.get(userId, () => {
        isRead = true;
        return accountTermsOf(db, userId);
      });
      const placed = await attempt(userId, input, account, isRead);
      if (placed !== STALE_TERMS) return placed;
      termsCache.delete(userId);
    }
    throw conflict('Your trading terms changed while the order was placed. Please place it again');
  };
}
