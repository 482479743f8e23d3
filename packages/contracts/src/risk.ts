import { z } from 'zod/mini';
import { ZMoney } from './envelope';
import { ZMarginMode } from './groups';
import { ZPairType } from './statuses';

/**
 * The dealing desk's live risk: what the clients hold per pair (valued at the server's current
 * quotes), the accounts nearest their stop-out, and what the house made. The house is the
 * counterparty of every position: its unrealised result is the clients' with the sign turned.
 */
export const ZRiskPair = z.object({
  symbol: z.string(),
  pairType: ZPairType,
  /** What the clients' buys and sells are worth now, in USD. */
  long: ZMoney,
  short: ZMoney,
  /** long − short, in USD (negative: the clients are short). */
  net: ZMoney,
  positions: z.number().check(z.int()),
  /** The clients' unrealised result; the house's is its negative. */
  clientsPnl: ZMoney,
  housePnl: ZMoney,
  maxNetExposure: z.nullable(ZMoney),
});
export type TRiskPair = z.infer<typeof ZRiskPair>;

/**
 * An account near its stop-out: in `cross` its own margin level; in `isolated` the level of its
 * weakest position, (margin + PnL) ÷ margin × 100.
 */
export const ZRiskAccount = z.object({
  userId: z.string(),
  email: z.string(),
  marginMode: ZMarginMode,
  marginLevel: ZMoney,
  marginCallLevel: z.number().check(z.int()),
  stopOutLevel: z.number().check(z.int()),
  equity: ZMoney,
  margin: ZMoney,
  positions: z.number().check(z.int()),
});
export type TRiskAccount = z.infer<typeof ZRiskAccount>;

export const RISK_PERIODS = ['today', '7d', '30d'] as const;
export const ZRiskPeriod = z.enum(RISK_PERIODS);
export type TRiskPeriod = z.infer<typeof ZRiskPeriod>;

/**
 * The house's realised result over a period, by source, in USD (negative: a cost to the house).
 * `clientResults` is what the clients lost (or won, negative) on closed positions beyond the
 * spread; `spread` is the spread those positions paid, at the pairs' current spreads (an estimate:
 * the ledger books it inside the trading result). `total` is their sum.
 */
export const ZHouseResult = z.object({
  period: ZRiskPeriod,
  spread: ZMoney,
  fees: ZMoney,
  swaps: ZMoney,
  clientResults: ZMoney,
  writeOffs: ZMoney,
  commissions: ZMoney,
  total: ZMoney,
});
export type THouseResult = z.infer<typeof ZHouseResult>;

/** The clients' net exposure of a pair through the day (every few minutes since 00:00 UTC). */
export const ZExposureSeries = z.object({
  symbol: z.string(),
  points: z.array(z.object({ t: z.number().check(z.int()), net: ZMoney })),
});
export type TExposureSeries = z.infer<typeof ZExposureSeries>;

export const ZRiskBook = z.object({
  pairs: z.array(ZRiskPair),
  accounts: z.array(ZRiskAccount),
  results: z.array(ZHouseResult),
  history: z.array(ZExposureSeries),
});
export type TRiskBook = z.infer<typeof ZRiskBook>;

/** `GET /admin/risk`: the Real accounts, and the Demo ones apart. */
export const ZRiskOverview = z.object({
  asOf: z.string(),
  real: ZRiskBook,
  demo: ZRiskBook,
});
export type TRiskOverview = z.infer<typeof ZRiskOverview>;

/** The stream's `riskExposure` event on `admin:risk`: the pairs of both books as they stand. */
export const ZRiskExposureEvent = z.object({
  asOf: z.string(),
  real: z.array(ZRiskPair),
  demo: z.array(ZRiskPair),
});
export type TRiskExposureEvent = z.infer<typeof ZRiskExposureEvent>;

/** The stream's `exposureLimit` event: a Real order was refused for a pair's exposure limit. */
export const ZExposureLimitEvent = z.object({
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  amount: ZMoney,
  net: ZMoney,
  maxNetExposure: ZMoney,
  orderId: z.string(),
  userId: z.string(),
  at: z.string(),
});
export type TExposureLimitEvent = z.infer<typeof ZExposureLimitEvent>;
