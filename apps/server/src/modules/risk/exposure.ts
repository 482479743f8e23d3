// The arithmetic of the clients' exposure per pair: long, short and net value at the current
// quotes with the clients' open result, and the rule by which a pair's net-exposure limit refuses
// an order (only one that takes the net beyond the limit and further from zero).
import { closeSidePrice, pnlAt, type TSide } from '@td/contracts/trading-math';

type Quote = { bid: bigint; ask: bigint };

/** What the exposure of a pair is computed from: its open positions. */
export interface OpenPosition {
  symbol: string;
  side: TSide;
  amountCents: bigint;
  /** The entry price (null never for an open position; such a row counts as flat). */
  price: bigint | null;
  swapCents: bigint;
}

/** The clients' book of one pair, in USD cents at the current quote. */
export interface PairExposure {
  longCents: bigint;
  shortCents: bigint;
  /** long − short: positive when the clients are net buyers. */
  netCents: bigint;
  positions: number;
  /** The clients' unrealised result, swaps accumulated included; the house's is its negative. */
  pnlCents: bigint;
}

export const EMPTY_EXPOSURE: PairExposure = {
  longCents: 0n,
  shortCents: 0n,
  netCents: 0n,
  positions: 0,
  pnlCents: 0n,
};

/**
 * What a position of `amountCents` USD opened at `entry` is worth at `price` (its close-side
 * price): amount × price ÷ entry, rounded toward zero. At its entry it is worth its amount.
 */
export function positionValue(amountCents: bigint, entry: bigint, price: bigint): bigint {
  return entry > 0n ? (amountCents * price) / entry : amountCents;
}

/**
 * The clients' exposure per pair at the current quotes: each position valued at its close-side
 * price (a pair without a quote is valued at entry, with no result). Pairs without positions are
 * absent.
 */
export function exposureByPair(
  positions: OpenPosition[],
  quoteOf: (symbol: string) => Quote | undefined,
): Map<string, PairExposure> {
  const bySymbol = new Map<string, PairExposure>();
  for (const row of positions) {
    if (row.price === null) continue;
    const quote = quoteOf(row.symbol);
    const price = quote ? closeSidePrice(row.side, quote) : row.price;
    const value = positionValue(row.amountCents, row.price, price);
    const pnl = pnlAt(row.side, row.amountCents, row.price, price) + row.swapCents;
    const sum = bySymbol.get(row.symbol) ?? { ...EMPTY_EXPOSURE };
    if (row.side === 'buy') sum.longCents += value;
    else sum.shortCents += value;
    sum.netCents = sum.longCents - sum.shortCents;
    sum.positions += 1;
    sum.pnlCents += pnl;
    bySymbol.set(row.symbol, sum);
  }
  return bySymbol;
}

const abs = (value: bigint) => (value < 0n ? -value : value);

/** The net exposure after an order of `amountCents` on `side` opens (it opens at its own value). */
export const netAfter = (netCents: bigint, side: TSide, amountCents: bigint) =>
  side === 'buy' ? netCents + amountCents : netCents - amountCents;

/**
 * Whether a pair's exposure limit refuses an order: the net exposure after it would lie beyond
 * the limit (either way) and further from zero than before. An order that brings the net back
 * toward zero is accepted, even past the limit; without a limit nothing is refused.
 */
export function exceedsLimit(
  netCents: bigint,
  side: TSide,
  amountCents: bigint,
  limitCents: bigint | null,
): boolean {
  if (limitCents === null) return false;
  const after = abs(netAfter(netCents, side, amountCents));
  return after > limitCents && after > abs(netCents);
}
