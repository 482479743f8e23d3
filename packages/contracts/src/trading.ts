import { z } from 'zod';
import { ZAccount } from './constants';
import { ZDecimalString, ZWholeNumber } from './decimal';
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
  account: ZAccount.default('real'),
  symbol: ZPairSymbol,
  side: z.enum(['buy', 'sell']),
  type: ZOrderType,
  /** The position's size in USD. */
  amount: ZUsdInput('Amount'),
  leverage: ZWholeNumber('Leverage', { min: 1, max: LEVERAGE_MAX }),
  price: ZPriceInput('Price').optional(),
  takeProfit: ZPriceInput('Take profit').nullable().optional(),
  stopLoss: ZPriceInput('Stop loss').nullable().optional(),
  /** The trigger of a `stop` or `stop_limit` order. */
  stopPrice: ZPriceInput('Stop price').optional(),
  /** Instead of `stopLoss`: a stop-loss that follows the best price at this distance. */
  trailingStop: ZTrailingStopInput.nullable().optional(),
  timeInForce: ZTimeInForce.default('gtc'),
  /** With `timeInForce` `gtd`: when the pending order expires. */
  expiresAt: ZExpiresAt.optional(),
  /** The client's name for this order, so a retry is answered with the first order. */
  clientOrderId: z
    .string()
    .trim()
    .min(1)
    .max(CLIENT_ORDER_ID_LENGTH_MAX)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'Client order id may only contain letters, digits and _ . : -')
    .optional(),
});
export type TPlaceOrderRequest = z.input<typeof ZPlaceOrderRequest>;

export const ZOrder = z.object({
  id: z.string(),
  account: ZAccount,
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  type: ZOrderType,
  amount: z.string(),
  leverage: z.number().int(),
  price: z.string().nullable(),
  margin: z.string(),
  fee: z.string(),
  takeProfit: z.string().nullable(),
  stopLoss: z.string().nullable(),
  liquidationPrice: z.string().nullable(),
  closePrice: z.string().nullable(),
  /** The trigger of a stop order (kept once it fired). */
  stopPrice: z.string().nullable(),
  /** The trailing distance: `stopLoss` is where it stands now. */
  trailingStop: z.string().nullable(),
  timeInForce: ZTimeInForce,
  expiresAt: z.string().nullable(),
  /** When a stop-limit's trigger fired and it became a limit order. */
  triggeredAt: z.string().nullable(),
  status: ZOrderStatus,
  reason: z.string().nullable(),
  /** Realised PnL once closed; unrealised at the current price while open. */
  pnl: z.string().nullable(),
  // Financing: overnight swaps.
  /** Swaps accumulated by the position (negative: charged to the holder); part of `pnl`. */
  swap: z.string(),
  // End of financing.
  clientOrderId: z.string().nullable(),
  parentId: z.string().nullable(),
  createdAt: z.string(),
  openedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZUpdateOrderRequest = z.object({
  takeProfit: ZPriceInput('Take profit').nullable().optional(),
  stopLoss: ZPriceInput('Stop loss').nullable().optional(),
  price: ZPriceInput('Price').optional(),
  /** A pending stop order's trigger. */
  stopPrice: ZPriceInput('Stop price').optional(),
  /** A new trailing distance, or null to keep the stop-loss where it stands. */
  trailingStop: ZTrailingStopInput.nullable().optional(),
});
export const ZAmountRequest = z.object({ amount: ZUsdInput('Amount') });

export const ORDER_PERIODS = ['all', '1Y', '1M', '1W'] as const;
/** Comma-separated statuses: every status once is well below this. */
const STATUS_LIST_LENGTH_MAX = 100;
/** `act,pnd`: order statuses separated by commas (empty: every status). */
const STATUS_LIST_PATTERN = new RegExp(
  `^(?:(?:${ZOrderStatus.options.join('|')})(?:,(?:${ZOrderStatus.options.join('|')}))*)?$`,
);
export const ZOrdersQuery = ZPageQuery.extend({
  account: ZAccount.optional(),
  status: z
    .string()
    .max(STATUS_LIST_LENGTH_MAX)
    .regex(STATUS_LIST_PATTERN, 'Status must be a comma-separated list of order statuses')
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(ZOrderStatus))
    .optional(),
  symbol: ZPairSymbol.optional(),
  period: z.enum(ORDER_PERIODS).default('all'),
});

export const ZBalance = z.object({
  balance: z.string(),
  equity: z.string(),
  marginUsed: z.string(),
  freeMargin: z.string(),
  // --- account risk: the margin level and the levels of the account's client group ---
  /** Equity ÷ margin used × 100, 2 decimals; null with no open position. */
  marginLevel: z.string().nullable(),
  marginMode: z.enum(['isolated', 'cross']),
  marginCallLevel: z.number().int(),
  stopOutLevel: z.number().int(),
  // --- end of account risk ---
});
export type TBalance = z.infer<typeof ZBalance>;

export const ZPortfolio = ZBalance.extend({
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
