import { ORDER_CODE } from '@td/contracts/statuses';
import {
  EXPIRY_AHEAD_MAX_MS,
  EXPIRY_AHEAD_MIN_MS,
  orderReasonText,
  type TOrderType,
  type TTimeInForce,
} from '@td/contracts/trading';
import { closeSidePrice, openSidePrice, type TSide } from '@td/contracts/trading-math';
import { badRequest, conflict } from '../../platform/errors';
import { tradingDayEndMs } from '../market/trading-day';
import type { PairRow } from '../pairs/pairs.repository';
import { priceInput } from './order-inputs';
import type { OrderRow } from './orders.repository';
import { trailFrom } from './stop-orders';

/** The refusals of an order's type, trailing stop and time in force, as the API words them. */
export const ORDER_CONDITION_MESSAGES = {
  limitNeedsPrice: 'This order type needs a limit price',
  stopNeedsStopPrice: 'A stop order needs a stop price',
  stopPriceOnlyForStops: 'Only stop and stop-limit orders take a stop price',
  stopLossOrTrailing: 'Give either a stop loss or a trailing stop, not both',
  marketIsGtc: 'A market order fills at once: its time in force is gtc',
  expiryOnlyGtd: 'Only a gtd order takes an expiry time',
  gtdNeedsExpiry: 'A gtd order needs an expiry time (expiresAt)',
  expiryRange: 'The expiry time must lie between a minute and a year ahead',
  buyStopAboveAsk: 'The stop price of a buy stop must be above the ask',
  sellStopBelowBid: 'The stop price of a sell stop must be below the bid',
  trailingBelowPrice: 'The trailing stop must be less than the price',
  stopPriceWaiting: 'The stop price can only change while a stop order waits for it',
  stopLossOrTrailingUpdate:
    'Give either a stop loss or a trailing stop, not both (remove the trailing stop with null)',
} as const;

/** A 400 that names the body field it is about. */
export const refuse = (field: string, message: string) =>
  badRequest(message, [{ field: `body.${field}`, message }]);

/** A price field of the body, in minor units, or a 400 naming it. */
function priceField(pair: PairRow, text: string | null | undefined, field: string, label: string) {
  try {
    return priceInput(pair, text, label);
  } catch (error) {
    throw refuse(field, (error as Error).message);
  }
}

export interface ConditionsInput {
  side: TSide;
  type: TOrderType;
  price?: string | undefined;
  stopLoss?: string | null | undefined;
  stopPrice?: string | undefined;
  trailingStop?: string | null | undefined;
  timeInForce?: TTimeInForce | undefined;
  expiresAt?: string | undefined;
}

/** What an order's type, trailing stop and time in force add to it, in minor units. */
export interface Conditions {
  stopPrice: bigint | null;
  trailingStop: bigint | null;
  timeInForce: TTimeInForce;
  expiresAt: Date | null;
}

/**
 * Checks what needs no price:  a limit price where the type takes one (`limit`, `stop_limit`),
 * a stop price for stop types only, a trailing stop instead of a stop-loss, and the
 * time in force (`day` ends with the pair's trading day; `gtd` at `expiresAt`, from a minute to a
 * year ahead). A market order is good till cancelled: it fills at once or is refused, so `day` and
 * `gtd` are refused for it. Each problem is a 400 naming its field.
 */
export function orderConditions(pair: PairRow, input: ConditionsInput, nowMs: number): Conditions {
  const takesLimit = input.type === 'limit' || input.type === 'stop_limit';
  const isStop = input.type === 'stop' || input.type === 'stop_limit';
  if (takesLimit && !input.price) throw refuse('price', ORDER_CONDITION_MESSAGES.limitNeedsPrice);
  if (isStop && !input.stopPrice) throw refuse('stopPrice', ORDER_CONDITION_MESSAGES.stopNeedsStopPrice);
  if (!isStop && input.stopPrice !== undefined)
    throw refuse('stopPrice', ORDER_CONDITION_MESSAGES.stopPriceOnlyForStops);
  const stopPrice = priceField(pair, input.stopPrice, 'stopPrice', 'Stop price') ?? null;
  const trailingStop = priceField(pair, input.trailingStop, 'trailingStop', 'Trailing stop') ?? null;
  if (trailingStop !== null && input.stopLoss != null)
    throw refuse('trailingStop', ORDER_CONDITION_MESSAGES.stopLossOrTrailing);

  const timeInForce = input.timeInForce ?? 'gtc';
  if (input.type === 'market' && timeInForce !== 'gtc')
    throw refuse('timeInForce', ORDER_CONDITION_MESSAGES.marketIsGtc);
  if (timeInForce !== 'gtd' && input.expiresAt !== undefined)
    throw refuse('expiresAt', ORDER_CONDITION_MESSAGES.expiryOnlyGtd);
  let expiresAt: Date | null = null;
  if (timeInForce === 'day') expiresAt = new Date(tradingDayEndMs(pair.pairType, nowMs));
  if (timeInForce === 'gtd') {
    const atMs = input.expiresAt === undefined ? Number.NaN : Date.parse(input.expiresAt);
    if (!Number.isFinite(atMs)) throw refuse('expiresAt', ORDER_CONDITION_MESSAGES.gtdNeedsExpiry);
    if (atMs < nowMs + EXPIRY_AHEAD_MIN_MS || atMs > nowMs + EXPIRY_AHEAD_MAX_MS)
      throw refuse('expiresAt', ORDER_CONDITION_MESSAGES.expiryRange);
    expiresAt = new Date(atMs);
  }
  return { stopPrice, trailingStop, timeInForce, expiresAt };
}

/**
 * With the live quote: a buy stop's trigger lies above the ask, a sell stop's below the bid (else
 * it would fire at once), and a trailing stop is nearer than the price itself.
 */
export function checkAgainstQuote(
  side: TSide,
  conditions: Pick<Conditions, 'stopPrice' | 'trailingStop'>,
  quote: { bid: bigint; ask: bigint },
): void {
  const { stopPrice, trailingStop } = conditions;
  if (stopPrice !== null) {
    if (side === 'buy' && stopPrice <= quote.ask)
      throw refuse('stopPrice', ORDER_CONDITION_MESSAGES.buyStopAboveAsk);
    if (side === 'sell' && stopPrice >= quote.bid)
      throw refuse('stopPrice', ORDER_CONDITION_MESSAGES.sellStopBelowBid);
  }
  if (trailingStop !== null && trailingStop >= openSidePrice(side, quote))
    throw refuse('trailingStop', ORDER_CONDITION_MESSAGES.trailingBelowPrice);
}

/**
 * What `PUT /orders/:id` changes of a stop order's trigger and of a trailing stop, checked on the
 * order as locked: a new trigger only while a stop waits for it (on its side of the market); a new
 * distance (the stop-loss of an open position then trails from the price now), or none (null: the
 * stop-loss stays where it trailed to). A fixed stop-loss and a trailing stop exclude each other.
 */
export function conditionChanges(
  pair: PairRow,
  row: Pick<OrderRow, 'side' | 'type' | 'status' | 'triggeredAt' | 'trailingStop' | 'stopLoss'>,
  input: {
    stopLoss?: string | null | undefined;
    stopPrice?: string | undefined;
    trailingStop?: string | null | undefined;
  },
  quote: { bid: bigint; ask: bigint } | undefined,
): Partial<Pick<OrderRow, 'stopPrice' | 'trailingStop' | 'stopLoss'>> {
  const changes: Partial<Pick<OrderRow, 'stopPrice' | 'trailingStop' | 'stopLoss'>> = {};
  const isPending = row.status === ORDER_CODE.pending;
  if (input.stopPrice !== undefined) {
    const waits = isPending && (row.type === 'stop' || (row.type === 'stop_limit' && !row.triggeredAt));
    if (!waits) throw refuse('stopPrice', ORDER_CONDITION_MESSAGES.stopPriceWaiting);
    const stopPrice = priceField(pair, input.stopPrice, 'stopPrice', 'Stop price') ?? null;
    if (!quote) throw conflict(orderReasonText('no_price'));
    checkAgainstQuote(row.side, { stopPrice, trailingStop: null }, quote);
    changes.stopPrice = stopPrice;
  }
  const trailingStop =
    input.trailingStop === undefined
      ? row.trailingStop
      : (priceField(pair, input.trailingStop, 'trailingStop', 'Trailing stop') ?? null);
  if (trailingStop !== null && input.stopLoss != null)
    throw refuse('trailingStop', ORDER_CONDITION_MESSAGES.stopLossOrTrailingUpdate);
  if (input.trailingStop === undefined) return changes;
  changes.trailingStop = trailingStop;
  if (
    trailingStop === null &&
    row.trailingStop !== null &&
    input.stopLoss === undefined &&
    !isPending &&
    quote
  ) {
    // The stop stays where it trailed to: the engine saves its moves in batches, so the level the
    // price now gives counts too when it is the better one.
    const now = trailFrom(
      { side: row.side, trailingStop: row.trailingStop },
      closeSidePrice(row.side, quote),
    ).stopLoss;
    const saved = row.stopLoss;
    if (now != null && (saved === null || (row.side === 'buy' ? now > saved : now < saved)))
      changes.stopLoss = now;
  }
  if (trailingStop !== null) {
    if (isPending) changes.stopLoss = null;
    else {
      if (!quote) throw conflict(orderReasonText('no_price'));
      checkAgainstQuote(row.side, { stopPrice: null, trailingStop }, quote);
      Object.assign(changes, trailFrom({ side: row.side, trailingStop }, closeSidePrice(row.side, quote)));
    }
  }
  return changes;
}
