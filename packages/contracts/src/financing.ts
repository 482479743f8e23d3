import { z } from 'zod/mini';
import { isDecimal, parseScaled, ZDecimalText } from './decimal';
import { decimalNumberMeta, signedDecimalPattern } from './decimal-pattern';
import { ZAccount } from './enums';
import { PRICE_SOURCES } from './market';
import { ZPairType } from './statuses';

/**
 * Financing and specifications: overnight swaps, a pair's specification, the trading statistics
 * of an account, and the one-click trading preference.
 */

/** Digits a swap rate keeps after the point (percent a year: "-2.5", "0.0125"). */
export const SWAP_RATE_SCALE = 4;
/** No swap rate is beyond this many percent a year, either way. */
export const SWAP_RATE_LIMIT = '100';

/**
 * A swap rate as an administrator sends it: percent a year, negative when the holder pays, within
 * ±{@link SWAP_RATE_LIMIT}, at most {@link SWAP_RATE_SCALE} decimals.
 */
export const ZSwapRateInput = (label: string) => {
  const limit = parseScaled(SWAP_RATE_LIMIT, SWAP_RATE_SCALE);
  const shape = `${label} must be a number with at most ${SWAP_RATE_SCALE} decimals`;
  return ZDecimalText(
    label,
    {
      text: { pattern: signedDecimalPattern(SWAP_RATE_LIMIT, SWAP_RATE_SCALE) },
      number: {
        ...decimalNumberMeta({ scale: SWAP_RATE_SCALE, max: SWAP_RATE_LIMIT }),
        minimum: -Number(SWAP_RATE_LIMIT),
      },
    },
    z.regex(/^-?\d+(\.\d+)?$/, { message: shape, abort: true }),
    z.refine((text) => isDecimal(text, SWAP_RATE_SCALE), { message: shape, abort: true }),
    z.refine(
      (text) => {
        const units = parseScaled(text, SWAP_RATE_SCALE);
        return units <= limit && units >= -limit;
      },
      { message: `${label} must be from -${SWAP_RATE_LIMIT} to ${SWAP_RATE_LIMIT}` },
    ),
  );
};

/** The weekday whose rollover charges three days: Wednesday for forex, Friday for stocks. */
export const ZTripleSwapDay = z.nullable(z.enum(['wednesday', 'friday']));

/** One stretch of time the market is open, ISO instants. */
export const ZTradingSession = z.object({ opensAt: z.string(), closesAt: z.string() });

export const ZPairSpec = z.object({
  symbol: z.string(),
  pairType: ZPairType,
  pricePrecision: z.number().check(z.int()),
  /**
   * The spread now, in the quote currency, and its typical value at today's price (null without a
   * price), both widened by the reader's client group's markup.
   */
  spread: z.nullable(z.string()),
  typicalSpread: z.nullable(z.string()),
  /** The bid–ask spread as a fraction of the price ("0.0004" = 0.04 %). */
  spreadRate: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  /** The smallest step of an amount, in USD. */
  amountStep: z.string(),
  /** The pair's own, capped by the reader's client group for its asset class. */
  maxLeverage: z.number().check(z.int()),
  /** Margin as a fraction of the amount at the highest leverage ("0.01" = 1 %). */
  marginRate: z.string(),
  swapLong: z.string(),
  swapShort: z.string(),
  tripleSwapDay: ZTripleSwapDay,
  /** Days in the year the annual swap rate is divided by. */
  swapDaysPerYear: z.number().check(z.int()),
  /** The market's open stretches over the coming 7 days. */
  sessions: z.array(ZTradingSession),
  nextHoliday: z.nullable(
    z.object({ date: z.string(), name: z.string(), kind: z.enum(['closed', 'early-close']) }),
  ),
  priceSource: z.enum(PRICE_SOURCES),
});
export type TPairSpec = z.infer<typeof ZPairSpec>;

export const STATS_PERIODS = ['7d', '30d', '90d', '1y', 'all'] as const;
export type TStatsPeriod = (typeof STATS_PERIODS)[number];

export const ZStatsQuery = z.object({
  account: z._default(ZAccount, 'real'),
  period: z._default(
    z.enum(STATS_PERIODS, { error: `Period must be one of ${STATS_PERIODS.join(', ')}` }),
    '30d',
  ),
});

/** A pair's closed result over the period. */
const ZPairResult = z.object({ symbol: z.string(), result: z.string() });

/** An account's trading statistics over a period: money as decimal strings, null where undefined. */
export const ZTradingStats = z.object({
  period: z.enum(STATS_PERIODS),
  closedTrades: z.number().check(z.int()),
  wins: z.number().check(z.int()),
  losses: z.number().check(z.int()),
  /** Percent of closed trades that made money ("62.50"). */
  winRate: z.nullable(z.string()),
  /** Gross profit ÷ gross loss ("1.85"); null without a loss. */
  profitFactor: z.nullable(z.string()),
  /** The average result of a trade. */
  expectancy: z.nullable(z.string()),
  averageWin: z.nullable(z.string()),
  averageLoss: z.nullable(z.string()),
  largestWin: z.nullable(z.string()),
  largestLoss: z.nullable(z.string()),
  netResult: z.string(),
  /** The deepest fall of equity from a peak, in USD and in percent of that peak. */
  maxDrawdown: z.nullable(z.string()),
  maxDrawdownPercent: z.nullable(z.string()),
  /** Swaps paid (positive) or received (negative) by the trades closed in the period. */
  swapsPaid: z.string(),
  /** Opening fees of the trades closed in the period. */
  feesPaid: z.string(),
  bestPair: z.nullable(ZPairResult),
  worstPair: z.nullable(ZPairResult),
});
export type TTradingStats = z.infer<typeof ZTradingStats>;

/** The one-click trading preference. */
export const ZOneClickTrading = z.object({ enabled: z.boolean() });
export type TOneClickTrading = z.infer<typeof ZOneClickTrading>;

/** Turning one-click trading on carries the risk notice's acknowledgement; turning it off does not. */
export const ZOneClickTradingRequest = z
  .object({
    enabled: z.boolean({ error: 'Enabled must be true or false' }),
    riskAccepted: z.optional(z.boolean({ error: 'Risk accepted must be true or false' })),
  })
  .check(
    z.refine((body) => !body.enabled || body.riskAccepted === true, {
      message: 'Accept the risk notice to turn on one-click trading',
      path: ['riskAccepted'],
    }),
    // In the document's words: turned off, or turned on with the risk accepted.
    z.meta({
      anyOf: [
        { properties: { enabled: { const: false } } },
        { properties: { riskAccepted: { const: true } }, required: ['riskAccepted'] },
      ],
    }),
  );
