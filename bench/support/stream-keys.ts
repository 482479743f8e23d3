/**
 * The identity of a stream message, computed alike by the clients (from what arrives) and by the
 * benchmark (from the market's ticks and the server's broadcasts), so the two can be matched.
 */
export interface KlineEventLike {
  symbol: string;
  interval: string;
  candle: { t: number; c: string; v: string };
  closed: boolean;
}
export interface TickerEventLike {
  key: string;
  ts: number;
  price: string;
}

export const klineKey = (e: KlineEventLike) =>
  `K|${e.symbol}|${e.interval}|${e.candle.t}|${e.candle.c}|${e.candle.v}|${e.closed ? 1 : 0}`;
export const tickerKey = (e: TickerEventLike) => `T|${e.key}|${e.ts}|${e.price}`;

/** The key of a broadcast or received event, or undefined for events not measured. */
export function keyOf(event: string, payload: unknown): string | undefined {
  if (event === 'liveKline') return klineKey(payload as KlineEventLike);
  if (event === 'ticker') return tickerKey(payload as TickerEventLike);
  return undefined;
}
