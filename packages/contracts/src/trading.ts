import { z } from 'zod/mini';
import { ZDecimalString, ZWholeNumber } from './decimal';
import { ZAccount } from './enums';
import { ZPageQuery } from './envelope';
import { ZPairSymbol } from './market';
import { ZOrderStatus } from './statuses';

/** No amount of money a client sends is above this many USD (a trillion): past it, it is absurd. */
export const USD_INPUT_MAX = '1000000000000';
/** No price a client sends is above this, in the quote currency, nor has more decimals than this. */
export const PRICE_INPUT_MAX = '1000000000';
export const PRICE_INPUT_SCALE = 8;
/** The highest leverage any pair can be given. */
export const LEVERAGE_MAX = 1000;
const CLIENT_ORDER_ID_LENGTH_MAX = 64;

/** USD as a decimal string with at most 2 decimals, from 0 to {@link USD_INPUT_MAX}. */
export const ZUsdInput = (label: string) => ZDecimalString(label, { scale: 2, max: USD_INPUT_MAX });
/** A price as a decimal string; the pair's own precision is checked by the server. */
export const ZPriceInput = (label: string) =>
  ZDecimalString(label, { scale: PRICE_INPUT_SCALE, max: PRICE_INPUT_MAX });

// --- Order types, trailing stops and expiry ---
export const ORDER_TYPES = ['market', 'limit', 'stop', 'stop_limit'] as const;
export const ZOrderType = z.enum(ORDER_TYPES);
export type TOrderType = z.infer<typeof ZOrderType>;
/** `gtc` waits until cancelled, `day` until the pair's trading day ends, `gtd` until `expiresAt`. */
export const TIME_IN_FORCE = ['gtc', 'day', 'gtd'] as const;
export const ZTimeInForce = z.enum(TIME_IN_FORCE);
export type TTimeInForce = z.infer<typeof ZTimeInForce>;
/** A `gtd` order's end lies at least this far ahead at placement, and at most {@link EXPIRY_AHEAD_MAX_MS}. */
export const EXPIRY_AHEAD_MIN_MS = 60_000;
export const EXPIRY_AHEAD_MAX_MS = 366 * 86_400_000;
/** An ISO 8601 time with its offset (`2026-12-01T12:00:00Z`). */
export const ZExpiresAt = z.iso.datetime({ offset: true, error: 'Expires at must be an ISO time' });
/** A trailing stop's distance, in the pair's price units: above 0 and no larger than a price. */
export const ZTrailingStopInput = ZPriceInput('Trailing stop');
// --- end of order types ---

export const ZPlaceOrderRequest = z.object({
  account: z._default(ZAccount, 'real'),
  symbol: ZPairSymbol,
  side: z.enum(['buy', 'sell']),
  type: ZOrderType,
  /** The position's size in USD. */
  amount: ZUsdInput('Amount'),
  leverage: ZWholeNumber('Leverage', { min: 1, max: LEVERAGE_MAX }),
  price: z.optional(ZPriceInput('Price')),
  takeProfit: z.optional(z.nullable(ZPriceInput('Take profit'))),
  stopLoss: z.optional(z.nullable(ZPriceInput('Stop loss'))),
  /** The trigger of a `stop` or `stop_limit` order. */
  stopPrice: z.optional(ZPriceInput('Stop price')),
  /** Instead of `stopLoss`: a stop-loss that follows the best price at this distance. */
  trailingStop: z.optional(z.nullable(ZTrailingStopInput)),
  timeInForce: z._default(ZTimeInForce, 'gtc'),
  /** With `timeInForce` `gtd`: when the pending order expires. */
  expiresAt: z.optional(ZExpiresAt),
  /** The client's name for this order, so a retry is answered with the first order. */
  clientOrderId: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1),
        z.maxLength(CLIENT_ORDER_ID_LENGTH_MAX),
        z.regex(/^[A-Za-z0-9_.:-]+$/, 'Client order id may only contain letters, digits and _ . : -'),
      ),
  ),
});
export type TPlaceOrderRequest = z.input<typeof ZPlaceOrderRequest>;

export const ZOrder = z.object({
  id: z.string(),
  account: ZAccount,
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  type: ZOrderType,
  amount: z.string(),
  leverage: z.number().check(z.int()),
  price: z.nullable(z.string()),
  margin: z.string(),
  fee: z.string(),
  takeProfit: z.nullable(z.string()),
  stopLoss: z.nullable(z.string()),
  liquidationPrice: z.nullable(z.string()),
  closePrice: z.nullable(z.string()),
  /** The trigger of a stop order (kept once it fired). */
  stopPrice: z.nullable(z.string()),
  /** The trailing distance: `stopLoss` is where it stands now. */
  trailingStop: z.nullable(z.string()),
  timeInForce: ZTimeInForce,
  expiresAt: z.nullable(z.string()),
  /** When a stop-limit's trigger fired and it became a limit order. */
  triggeredAt: z.nullable(z.string()),
  status: ZOrderStatus,
  reason: z.nullable(z.string()),
  /** Realised PnL once closed; unrealised at the current price while open. */
  pnl: z.nullable(z.string()),
  // Financing: overnight swaps.
  /** Swaps accumulated by the position (negative: charged to the holder); part of `pnl`. */
  swap: z.string(),
  // End of financing.
  clientOrderId: z.nullable(z.string()),
  parentId: z.nullable(z.string()),
  createdAt: z.string(),
  openedAt: z.nullable(z.string()),
  closedAt: z.nullable(z.string()),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZUpdateOrderRequest = z.object({
  takeProfit: z.optional(z.nullable(ZPriceInput('Take profit'))),
  stopLoss: z.optional(z.nullable(ZPriceInput('Stop loss'))),
  price: z.optional(ZPriceInput('Price')),
  /** A pending stop order's trigger. */
  stopPrice: z.optional(ZPriceInput('Stop price')),
  /** A new trailing distance, or null to keep the stop-loss where it stands. */
  trailingStop: z.optional(z.nullable(ZTrailingStopInput)),
});
export const ZAmountRequest = z.object({ amount: ZUsdInput('Amount') });

export const ORDER_PERIODS = ['all', '1Y', '1M', '1W'] as const;
/** Comma-separated statuses: every status once is well below this. */
const STATUS_LIST_LENGTH_MAX = 100;
/** `act,pnd`: order statuses separated by commas (empty: every status). */
const STATUS_LIST_PATTERN = new RegExp(
  `^(?:(?:${ZOrderStatus.options.join('|')})(?:,(?:${ZOrderStatus.options.join('|')}))*)?$`,
);
export const ZOrdersQuery = z.extend(ZPageQuery, {
  account: z.optional(ZAccount),
  status: z.optional(
    z.pipe(
      z.pipe(
        z
          .string()
          .check(
            z.maxLength(STATUS_LIST_LENGTH_MAX),
            z.regex(STATUS_LIST_PATTERN, 'Status must be a comma-separated list of order statuses'),
          ),
        z.transform((value: string) => value.split(',').filter(Boolean)),
      ),
      z.array(ZOrderStatus),
    ),
  ),
  symbol: z.optional(ZPairSymbol),
  period: z._default(z.enum(ORDER_PERIODS), 'all'),
});

export const ZBalance = z.object({
  balance: z.string(),
  equity: z.string(),
  marginUsed: z.string(),
  freeMargin: z.string(),
  // --- account risk: the margin level and the levels of the account's client group ---
  /** Equity ÷ margin used × 100, 2 decimals; null with no open position. */
  marginLevel: z.nullable(z.string()),
  marginMode: z.enum(['isolated', 'cross']),
  marginCallLevel: z.number().check(z.int()),
  stopOutLevel: z.number().check(z.int()),
  // --- end of account risk ---
});
export type TBalance = z.infer<typeof ZBalance>;

export const ZPortfolio = z.extend(ZBalance, {
  unrealizedPnl: z.string(),
  realizedPnl: z.string(),
  positions: z.array(ZOrder),
  series: z.array(z.object({ t: z.number(), equity: z.string() })),
});
export type TPortfolio = z.infer<typeof ZPortfolio>;

/** Words for the order reason codes (`rvt` rejections and how a position was closed). */
export const ORDER_REASON_TEXT: Readonly<Record<string, string>> = {
  market_closed: 'The market is closed',
  insufficient_margin: 'Not enough free margin',
  pair_inactive: 'This pair is not available for trading',
  amount_out_of_range: 'The amount is outside the limits of this pair',
  leverage_out_of_range: 'The leverage is above the maximum for this pair',
  no_price: 'No live price for this pair right now',
  take_profit: 'Take profit',
  stop_loss: 'Stop loss',
  liquidation: 'Liquidation',
  partial_close: 'Partial close',
  demo_reset: 'Demo reset',
  expired: 'Expired',
  // --- account risk ---
  margin_call: 'Margin call: close positions or add funds before opening more',
  stop_out: 'Stop-out',
  // --- end of account risk ---
  exposure_limit: 'This pair has reached its exposure limit on this side',
};

/** A reason code as a sentence ('insufficient_margin' → 'Not enough free margin'); '' for none. */
export function orderReasonText(reason: string | null | undefined): string {
  if (!reason) return '';
  return (
    ORDER_REASON_TEXT[reason] ?? reason.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase())
  );
}
