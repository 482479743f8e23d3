import type { Candle, IntervalCandle, Trade } from '../modules/market/candle-builder';
import type { TCandleInterval } from '../modules/market/intervals';

/** Times, trades and candles for the candle builder's tests, written as ISO instants. */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const at = (iso: string) => Date.parse(iso);
export const trade = (iso: string, price: number, volume = 1): Trade => ({ tMs: at(iso), price, volume });
export const candle = (iso: string, o: number, h: number, l: number, c: number, v: number): Candle => ({
  t: at(iso),
  o,
  h,
  l,
  c,
  v,
});
/** A candle of `interval`, as the builder reports it among its changes. */
export const intervalCandle = (
  interval: TCandleInterval,
  ...ohlcv: Parameters<typeof candle>
): IntervalCandle => ({ interval, candle: candle(...ohlcv) });
export const intervalsOf = (list: IntervalCandle[]) => list.map((entry) => entry.interval);
export const candleOf = (list: IntervalCandle[], interval: TCandleInterval) =>
  list.find((entry) => entry.interval === interval)?.candle;
