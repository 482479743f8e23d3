import type { TCandleNumbers } from '@td/contracts/market';
import { bucketEnd, bucketStart, type TCandleInterval } from './intervals';

/**
 * One bucket of trades. Prices are integers in the pair's minor units (price × 10^precision), so
 * no float rounding creeps into a high or a low; `t` is the bucket's start in ms.
 */
export type Candle = TCandleNumbers;

/** A trade (or a price tick, with volume 0): integers, the price in minor units. */
export interface Trade {
  tMs: number;
  price: number;
  volume: number;
}

export interface IntervalCandle {
  interval: TCandleInterval;
  candle: Candle;
}

export interface CandleChanges {
  /** The current candle of every interval after the trade, in the builder's interval order. */
  updated: IntervalCandle[];
  /** Candles the trade finished, because it fell into a later bucket. */
  closed: IntervalCandle[];
}

interface OpenCandle {
  candle: Candle;
  // Trades may arrive out of order inside a bucket: the open belongs to the earliest trade and the
  // close to the latest, whatever order they came in.
  firstTradeMs: number;
  lastTradeMs: number;
}

interface IntervalState {
  open: OpenCandle | undefined;
  /** End of the last bucket closed; no trade before it is taken any more. */
  closedUntilMs: number;
}

/**
 * Builds the live candles of one pair for several intervals at once, from its trades.
 *
 * A trade is taken for every interval or for none: one older than the current bucket of any
 * interval is dropped, so late ticks never rewrite history and the coarse candles always equal the
 * fine ones aggregated. Empty buckets produce no candle at all (a gap, such as the forex weekend).
 */
export class CandleBuilder {
  private readonly states = new Map<TCandleInterval, IntervalState>();

  constructor(intervals: readonly TCandleInterval[]) {
    if (intervals.length === 0) throw new RangeError('A candle builder needs at least one interval');
    for (const interval of intervals) {
      this.states.set(interval, { open: undefined, closedUntilMs: Number.NEGATIVE_INFINITY });
    }
  }

  get intervals(): TCandleInterval[] {
    return [...this.states.keys()];
  }

  add(trade: Trade): CandleChanges {
    assertTrade(trade);
    if (trade.tMs < this.acceptFromMs()) return { updated: [], closed: [] };
    const updated: IntervalCandle[] = [];
    const closed: IntervalCandle[] = [];
    for (const [interval, state] of this.states) {
      const open = state.open;
      if (open && trade.tMs >= bucketEnd(interval, open.candle.t)) {
        closed.push({ interval, candle: { ...open.candle } });
        state.closedUntilMs = bucketEnd(interval, open.candle.t);
        state.open = undefined;
      }
      if (state.open) {
        mergeTrade(state.open, trade);
      } else {
        state.open = startCandle(interval, trade);
      }
      updated.push({ interval, candle: { ...state.open.candle } });
    }
    return { updated, closed };
  }

  /** The open candle of `interval`, or undefined when its last bucket closed with no trade since. */
  current(interval: TCandleInterval): Candle | undefined {
    const open = this.stateOf(interval).open;
    return open ? { ...open.candle } : undefined;
  }

  /**
   * Continues an open candle loaded from storage after a restart. Its close is taken as the latest
   * trade so far: later trades in the same bucket move the close, never the open.
   */
  resume(interval: TCandleInterval, candle: Candle): void {
    const state = this.stateOf(interval);
    assertCandle(candle);
    if (bucketStart(interval, candle.t) !== candle.t) {
      throw new RangeError(`Candle time ${candle.t} is not the start of a ${interval} bucket`);
    }
    const floorMs = state.open ? state.open.candle.t : state.closedUntilMs;
    if (candle.t < floorMs) {
      throw new RangeError(`Candle time ${candle.t} is older than the ${interval} candle already held`);
    }
    state.open = { candle: { ...candle }, firstTradeMs: candle.t, lastTradeMs: candle.t };
  }

  /**
   * Closes every candle whose bucket ended at or before `tMs` and returns them: a market that went
   * quiet must still close its minute without waiting for the next trade.
   */
  closeUpTo(tMs: number): IntervalCandle[] {
    const closed: IntervalCandle[] = [];
    for (const [interval, state] of this.states) {
      if (!state.open) continue;
      const endMs = bucketEnd(interval, state.open.candle.t);
      if (endMs > tMs) continue;
      closed.push({ interval, candle: { ...state.open.candle } });
      state.closedUntilMs = endMs;
      state.open = undefined;
    }
    return closed;
  }

  /** The earliest time a trade may carry and still count for every interval. */
  private acceptFromMs(): number {
    let fromMs = Number.NEGATIVE_INFINITY;
    for (const state of this.states.values()) {
      fromMs = Math.max(fromMs, state.open ? state.open.candle.t : state.closedUntilMs);
    }
    return fromMs;
  }

  private stateOf(interval: TCandleInterval): IntervalState {
    const state = this.states.get(interval);
    if (!state) throw new RangeError(`This candle builder does not build ${interval} candles`);
    return state;
  }
}

/**
 * Groups finer candles, sorted by `t`, into the buckets of `interval`: the open of the first, the
 * close of the last, the highest high, the lowest low, the summed volume. The candles must come
 * from a resolution that nests inside `interval` (see `finerSource`).
 */
export function aggregate(candles: readonly Candle[], interval: TCandleInterval): Candle[] {
  const result: Candle[] = [];
  let bucket: Candle | undefined;
  let bucketEndMs = Number.NEGATIVE_INFINITY;
  let previousMs = Number.NEGATIVE_INFINITY;
  for (const candle of candles) {
    // Unsorted input would split one bucket into several silently; refuse it instead.
    if (candle.t <= previousMs)
      throw new RangeError('Candles to aggregate must be sorted by time, without repeats');
    previousMs = candle.t;
    if (bucket && candle.t < bucketEndMs) {
      bucket.h = Math.max(bucket.h, candle.h);
      bucket.l = Math.min(bucket.l, candle.l);
      bucket.c = candle.c;
      bucket.v += candle.v;
      continue;
    }
    bucket = {
      t: bucketStart(interval, candle.t),
      o: candle.o,
      h: candle.h,
      l: candle.l,
      c: candle.c,
      v: candle.v,
    };
    bucketEndMs = bucketEnd(interval, candle.t);
    result.push(bucket);
  }
  return result;
}

function startCandle(interval: TCandleInterval, trade: Trade): OpenCandle {
  const { tMs, price, volume } = trade;
  return {
    candle: { t: bucketStart(interval, tMs), o: price, h: price, l: price, c: price, v: volume },
    firstTradeMs: tMs,
    lastTradeMs: tMs,
  };
}

function mergeTrade(open: OpenCandle, trade: Trade): void {
  const { candle } = open;
  candle.h = Math.max(candle.h, trade.price);
  candle.l = Math.min(candle.l, trade.price);
  candle.v += trade.volume;
  // Strict here and not below, so of two trades in the same ms the first received opens and the
  // last received closes: the same choice in every interval keeps them consistent.
  if (trade.tMs < open.firstTradeMs) {
    candle.o = trade.price;
    open.firstTradeMs = trade.tMs;
  }
  if (trade.tMs >= open.lastTradeMs) {
    candle.c = trade.price;
    open.lastTradeMs = trade.tMs;
  }
}

function assertTrade({ tMs, price, volume }: Trade): void {
  // Bad input would stay in the candle for its whole bucket, and in storage after it; refuse it here.
  if (!Number.isSafeInteger(tMs)) throw new RangeError(`Trade time must be an integer ms, got ${tMs}`);
  if (!Number.isSafeInteger(price) || price <= 0) {
    throw new RangeError(`Trade price must be a positive integer in minor units, got ${price}`);
  }
  if (!Number.isSafeInteger(volume) || volume < 0) {
    throw new RangeError(`Trade volume must be a non-negative integer, got ${volume}`);
  }
}

function assertCandle({ t, o, h, l, c, v }: Candle): void {
  const isWhole = [t, o, h, l, c, v].every(Number.isSafeInteger);
  if (!isWhole || v < 0 || l <= 0 || l > Math.min(o, c) || h < Math.max(o, c)) {
    throw new RangeError(`Not a valid candle: ${JSON.stringify({ t, o, h, l, c, v })}`);
  }
}
