import { z } from 'zod/mini';
import { displaySymbol } from './constants';
import { ZWholeNumber } from './decimal';
import { ZOneOf } from './enums';
import { ZPairStatus, ZPairType } from './statuses';
import { ZSafeText } from './text';

/** Every candle interval the API knows: the chart's eight plus '1M' for history. */
export const KLINE_INTERVALS = ['1', '5', '15', '30', '60', '240', '1D', '1W', '1M'] as const;
export const ZKlineInterval = ZOneOf(KLINE_INTERVALS);
export type TKlineInterval = z.infer<typeof ZKlineInterval>;
export const KLINES_LIMIT_MAX = 1000;
/** The stream updates a live candle at most this often per subscription. */
export const LIVE_KLINE_THROTTLE_MS = 250;

const PAIR_SYMBOL_LENGTH_MAX = 25;
/** The latest time a client may ask about, in Unix ms: the end of the year 9999. */
export const TIME_MS_MAX = 253_402_300_799_999;

export const ZPairSymbol = z
  .string()
  .check(
    z.maxLength(PAIR_SYMBOL_LENGTH_MAX + 8, 'Must be a pair symbol like BTC_USDT'),
    z.trim(),
    z.toUpperCase(),
    z.regex(/^[A-Z0-9]{1,12}_[A-Z0-9]{1,12}$/, 'Must be a pair symbol like BTC_USDT'),
  );

/** A price or amount as a decimal string (money is never a float on the wire). */
const ZDecimal = z.string();

/** Where a pair's prices come from: a live exchange feed, or the built-in simulator. */
export const PRICE_SOURCES = ['live', 'simulated'] as const;
export type TPriceSource = (typeof PRICE_SOURCES)[number];

/** Why a Real order on a pair priced by the simulator is refused. */
export const realNeedsLivePricesText = (symbol: string) =>
  `Real trading on ${displaySymbol(symbol)} needs live prices, and this pair's prices are simulated. Practise it on your Demo account`;

/** Why a pair the broker has taken out of trading (disabled in the back-office) takes no orders. */
export const PAIR_PAUSED_TEXT = 'Paused by the broker';

/** Why a pair is not traded while its last price is older than `trading.maxQuoteAgeMs`. */
export const pricesDelayedText = (symbol: string) => `Prices for ${displaySymbol(symbol)} are delayed`;

export const ZPair = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  pairType: ZPairType,
  status: ZPairStatus,
  pricePrecision: z.number().check(z.int()),
  amountPrecision: z.number().check(z.int()),
  minAmount: ZDecimal,
  maxAmount: ZDecimal,
  maxLeverage: z.number().check(z.int()),
  /** The bid–ask spread as a fraction of the price ("0.0004" = 0.04 %). */
  spread: ZDecimal,
  favorite: z.boolean(),
  marketOpen: z.boolean(),
  /**
   * While it takes no orders: why ("Closed for Thanksgiving Day", or "Paused by the broker" for a
   * pair staff took out of trading) and when its market opens (ISO; null while paused).
   */
  marketClosedReason: z.nullable(z.string()),
  marketOpensAt: z.nullable(z.string()),
  /** The pair key of `/public/prices` (`CRP:BTC_USDT`, `forex:EUR_USD`). */
  key: z.string(),
  priceSource: z.enum(PRICE_SOURCES),
  /** Whether Real orders are taken on it: on live prices, or in a demonstration deployment. */
  realTrading: z.boolean(),
  // Financing: overnight swaps.
  /** Annual swap rates in percent of the amount, for a buy and a sell (negative: the holder pays). */
  swapLong: ZDecimal,
  swapShort: ZDecimal,
  // End of financing.
});
export type TPair = z.infer<typeof ZPair>;

export const ZPairsQuery = z.object({
  type: z.optional(ZPairType),
  favorites: z.optional(
    z.pipe(
      z.enum(['true', 'false']),
      z.transform((value: 'true' | 'false') => value === 'true'),
    ),
  ),
  q: z.optional(ZSafeText('Search', { max: 40 })),
});

export const ZPriceSnapshot = z.object({
  price: ZDecimal,
  bid: ZDecimal,
  ask: ZDecimal,
  /** Percent change over 24 hours ("-1.25"). */
  change24h: ZDecimal,
  high24h: ZDecimal,
  low24h: ZDecimal,
  /** USD traded in 24 hours. */
  volume24h: ZDecimal,
  /** Time of the last tick, Unix ms. */
  ts: z.number(),
});
export type TPriceSnapshot = z.infer<typeof ZPriceSnapshot>;
export const ZPrices = z.record(z.string(), ZPriceSnapshot);
export type TPrices = z.infer<typeof ZPrices>;

/** `pairList` is comma-separated pair keys; {@link parsePairList} splits it. */
export const ZLineshotQuery = z.object({
  pairList: z
    .string()
    .check(
      z.maxLength(2000),
      z.regex(/^[A-Za-z0-9_:, ]*$/, 'Must be pair keys separated by commas, like CRP:BTC_USDT,forex:EUR_USD'),
    ),
});

export function parsePairList(pairList: string): string[] {
  return pairList
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
}
/** Pair key → JSON string of `[[tMs, price], …]` (the original's format). */
export const ZLineshot = z.record(z.string(), z.string());

export const ZKlinesQuery = z.object({
  symbol: ZPairSymbol,
  type: z.optional(ZPairType),
  interval: z._default(ZKlineInterval, '60'),
  from: z.optional(ZWholeNumber('From', { min: 0, max: TIME_MS_MAX })),
  to: z.optional(ZWholeNumber('To', { min: 0, max: TIME_MS_MAX })),
  limit: z._default(ZWholeNumber('Limit', { min: 1, max: KLINES_LIMIT_MAX }), 500),
});
export type TKlinesQuery = z.input<typeof ZKlinesQuery>;

export const ZCandle = z.object({
  t: z.number(),
  o: ZDecimal,
  h: ZDecimal,
  l: ZDecimal,
  c: ZDecimal,
  v: ZDecimal,
});
export type TCandle = z.infer<typeof ZCandle>;

/**
 * A candle as code computes with it, in numbers: `t` its bucket's start (Unix ms), then its open,
 * high, low, close and volume.
 */
export interface TCandleNumbers {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

// The stream: the events a socket sends and receives.

export const ZLiveKlineRequest = z.object({
  /** `BTC_USDT` for crypto, `forex:EUR_USD` / `stocks:AAPL_USD` for the others. */
  symbol: z
    .string()
    .check(
      z.minLength(3),
      z.maxLength(40),
      z.regex(
        /^(?:[a-z]{1,10}:)?[A-Z0-9]{1,12}_[A-Z0-9]{1,12}$/,
        'Must be a stream symbol like forex:EUR_USD',
      ),
    ),
  interval: ZKlineInterval,
});
export type TLiveKlineRequest = z.infer<typeof ZLiveKlineRequest>;

export const ZLiveKlineEvent = z.object({
  symbol: z.string(),
  type: ZPairType,
  interval: ZKlineInterval,
  candle: ZCandle,
  closed: z.boolean(),
});
export type TLiveKlineEvent = z.infer<typeof ZLiveKlineEvent>;

export const ZTickerEvent = z.object({
  key: z.string(),
  price: ZDecimal,
  bid: ZDecimal,
  ask: ZDecimal,
  change24h: ZDecimal,
  ts: z.number(),
});
export type TTickerEvent = z.infer<typeof ZTickerEvent>;

export const ZStreamError = z.object({ event: z.string(), message: z.string() });

/** The stream's notification event (ticket replies, deposits, withdrawals). */
export const ZNotificationEvent = z.object({ kind: z.string(), message: z.string() });
