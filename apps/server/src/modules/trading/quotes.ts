import type { PriceBoard } from '../market/price-board';

/** A pair's live bid and ask, in minor units, and when they were priced. */
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

/**
 * A pair's quote if it is fresh: priced within `maxAgeMs` (the `trading.maxQuoteAgeMs` setting).
 * An older one is no price: nothing is traded on it, and a trigger waits for the next one.
 */
export function freshQuote(
  source: QuoteSource,
  symbol: string,
  maxAgeMs: number,
  nowMs = Date.now(),
): Quote | undefined {
  const quote = source.quote(symbol);
  return quote && isFresh(quote, maxAgeMs, nowMs) ? quote : undefined;
}

export const isFresh = (quote: Pick<Quote, 'tMs'>, maxAgeMs: number, nowMs = Date.now()) =>
  nowMs - quote.tMs <= maxAgeMs;
