import { z } from 'zod/mini';
import { type TAssetClass, ZPerClass } from './groups';
import { mulDivFloor, mulDivRound } from './money-math';
import type { TPairType } from './statuses';

/**
 * A client group's trading terms as they apply to one user's new orders: the prices (the pair's
 * spread widened by the group's markup), the opening fee and the leverage cap. One place for the
 * rules; the server prices and checks orders with them and the web shows the same numbers.
 */

/** The asset class a pair's type belongs to, as a group's per-class terms name it. */
export const ASSET_CLASS_OF: Record<TPairType, TAssetClass> = {
  crp: 'crypto',
  forex: 'forex',
  stocks: 'stocks',
};

/** A markup is in hundredths of a percent of the spread: 2500 = 25 %. */
const MARKUP_SCALE = 10_000n;

/**
 * A quote as a group's user sees it: the spread widened by `markupBp` hundredths of a percent of
 * itself, half on each side. The extra is the spread × markup rounded to the nearest price unit
 * (halves up); the bid gives the lower half of it, the ask the rest (so an odd unit widens the
 * ask). Both stay where they are with no markup or no spread; the bid never goes below one unit.
 */
export function markupQuote<Q extends { bid: bigint; ask: bigint }>(quote: Q, markupBp: bigint | number): Q {
  const spread = quote.ask - quote.bid;
  const bp = BigInt(markupBp);
  if (bp <= 0n || spread <= 0n) return quote;
  const extra = mulDivRound(spread, bp, MARKUP_SCALE);
  const below = extra / 2n;
  const bid = quote.bid - below > 0n ? quote.bid - below : 1n;
  return { ...quote, bid, ask: quote.ask + (extra - below) };
}

/** The highest leverage a group's user may take on a pair: the group's cap for its class, within the pair's. */
export const leverageCap = (groupMax: number, pairMax: number) => Math.max(1, Math.min(groupMax, pairMax));

/**
 * What a fill at `price` instead of the market's `rawPrice` earns the house on `amountCents`
 * (a position's amount is in USD and its result is amount × move ÷ entry): the spread income.
 * Rounded down: the house books no fraction of a cent it did not make.
 */
export function markupIncome(amountCents: bigint, price: bigint, rawPrice: bigint): bigint {
  const move = price > rawPrice ? price - rawPrice : rawPrice - price;
  if (move === 0n || price <= 0n) return 0n;
  return mulDivFloor(amountCents, move, price);
}

/** GET /profile/trading-terms: the terms of the caller's client group that price their orders. */
export const ZTradingTerms = z.object({
  /** Percent of each pair's spread added to it, per asset class ("25.00"). */
  spreadMarkup: ZPerClass(z.string()),
  /** The group's highest leverage per asset class (each pair's own caps it further). */
  maxLeverage: ZPerClass(z.number().check(z.int())),
  /** The opening fee the caller pays, a fraction of the amount: the group's, else the platform's. */
  openingFeeRate: z.string(),
});
export type TTradingTerms = z.infer<typeof ZTradingTerms>;
