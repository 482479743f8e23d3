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

/** A price older than this is no price: an order waits for a live one rather than fill on a stale one. */
export const QUOTE_AGE_MS_MAX = 30_000;

/** A pair's quote if it is live (priced within {@link QUOTE_AGE_MS_MAX}), else undefined. */
export function freshQuote(source: QuoteSource, symbol: string, nowMs = Date.now()): Quote | undefined {
  const quote = source.quote(symbol);
  return quote && nowMs - quote.tMs <= QUOTE_AGE_MS_MAX ? quote : undefined;
}
