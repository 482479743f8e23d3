/** What the stream's ticker and the polled prices both carry for a pair. */
export interface TTimedPrice {
  price: string;
  bid: string;
  ask: string;
  change24h?: string | undefined;
  /** Time of the tick, Unix ms. */
  ts: number;
}

/**
 * A pair's one price on a screen: the stream's ticker while the pair is subscribed (the chart's
 * pair, an open position's), else the price polled every 5 s; whichever tick is later wins, so the
 * chart, the watchlist and a position's row never show two prices for one pair.
 */
export function newerPrice<T extends TTimedPrice, S extends TTimedPrice>(
  ticker: T | undefined,
  snapshot: S | undefined,
): T | S | undefined {
  if (ticker === undefined) return snapshot;
  if (snapshot === undefined) return ticker;
  return ticker.ts >= snapshot.ts ? ticker : snapshot;
}
