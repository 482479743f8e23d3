import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { at, DAY_MS, HOUR_MS, SECOND_MS } from '../../testing/candles';
import { aggregate, type Candle, CandleBuilder, type IntervalCandle, type Trade } from './candle-builder';
import { bucketEnd, bucketStart, CANDLE_INTERVALS, type TCandleInterval } from './intervals';

// A market's life as the builder sees it: trades mostly in order, some late ticks, quiet spells
// from seconds to weeks, and the clock closing quiet buckets in between.
type TEvent =
  | { kind: 'trade'; stepMs: number; price: number; volume: number }
  | { kind: 'close'; stepMs: number };
const stepMs = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 20 * SECOND_MS }) },
  { weight: 3, arbitrary: fc.integer({ min: -90 * SECOND_MS, max: 0 }) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 3 * HOUR_MS }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 40 * DAY_MS }) },
);
const event: fc.Arbitrary<TEvent> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('trade' as const),
      stepMs,
      price: fc.integer({ min: 1, max: 1_000_000 }),
      volume: fc.integer({ min: 0, max: 1000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), stepMs: fc.nat(2 * HOUR_MS) }) },
);
const history = fc.record({
  startMs: fc.integer({ min: at('2020-01-01T00:00:00Z'), max: at('2030-01-01T00:00:00Z') }),
  events: fc.array(event, { maxLength: 200 }),
});

interface Replay {
  /** Closed candles, then the open one, per interval: all the builder ever built. */
  candles: Map<TCandleInterval, Candle[]>;
  /** The trades it took, in arrival order. */
  accepted: Trade[];
}

function replay(intervals: readonly TCandleInterval[], startMs: number, events: readonly TEvent[]): Replay {
  const builder = new CandleBuilder(intervals);
  const candles = new Map(intervals.map((interval): [TCandleInterval, Candle[]] => [interval, []]));
  const keep = (list: IntervalCandle[]) => {
    for (const { interval, candle } of list) candles.get(interval)?.push(candle);
  };
  const accepted: Trade[] = [];
  let clockMs = startMs;
  for (const step of events) {
    if (step.kind === 'close') {
      clockMs += step.stepMs;
      keep(builder.closeUpTo(clockMs));
      continue;
    }
    const next = { tMs: clockMs + step.stepMs, price: step.price, volume: step.volume };
    clockMs = Math.max(clockMs, next.tMs);
    const changes = builder.add(next);
    keep(changes.closed);
    if (changes.updated.length > 0) accepted.push(next);
  }
  for (const interval of intervals) {
    const open = builder.current(interval);
    if (open) candles.get(interval)?.push(open);
  }
  return { candles, accepted };
}

/** The candles of `interval` computed straight from the trades, the slow and obvious way. */
function candlesFromTrades(trades: readonly Trade[], interval: TCandleInterval): Candle[] {
  const buckets = new Map<number, Trade[]>();
  for (const one of trades) {
    const startMs = bucketStart(interval, one.tMs);
    buckets.set(startMs, [...(buckets.get(startMs) ?? []), one]);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([t, list]) => {
      const firstMs = Math.min(...list.map((one) => one.tMs));
      const lastMs = Math.max(...list.map((one) => one.tMs));
      const prices = list.map((one) => one.price);
      return {
        t,
        o: list.find((one) => one.tMs === firstMs)?.price ?? Number.NaN,
        h: Math.max(...prices),
        l: Math.min(...prices),
        c: list.findLast((one) => one.tMs === lastMs)?.price ?? Number.NaN,
        v: list.reduce((sum, one) => sum + one.volume, 0),
      };
    });
}

describe('CandleBuilder properties', () => {
  it('builds 5- and 60-minute candles exactly equal to its 1-minute candles aggregated', () => {
    fc.assert(
      fc.property(history, ({ startMs, events }) => {
        const { candles } = replay(['1', '5', '60'], startMs, events);
        const minutes = candles.get('1') ?? [];
        expect(candles.get('5')).toEqual(aggregate(minutes, '5'));
        expect(candles.get('60')).toEqual(aggregate(minutes, '60'));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every interval equal to its stored source aggregated, up to months', () => {
    fc.assert(
      fc.property(history, ({ startMs, events }) => {
        const { candles } = replay(CANDLE_INTERVALS, startMs, events);
        const of = (interval: TCandleInterval) => candles.get(interval) ?? [];
        for (const interval of ['5', '15', '30', '60'] as const)
          expect(of(interval)).toEqual(aggregate(of('1'), interval));
        for (const interval of ['240', '1D'] as const)
          expect(of(interval)).toEqual(aggregate(of('60'), interval));
        for (const interval of ['1W', '1M'] as const)
          expect(of(interval)).toEqual(aggregate(of('1D'), interval));
      }),
    );
  });

  it('builds the same candles as computing them from the trades it took', () => {
    fc.assert(
      fc.property(history, ({ startMs, events }) => {
        const { candles, accepted } = replay(['1', '5', '60'], startMs, events);
        for (const interval of ['1', '5', '60'] as const) {
          expect(candles.get(interval)).toEqual(candlesFromTrades(accepted, interval));
        }
      }),
    );
  });

  it('drops exactly the trades older than a bucket it has already opened or closed', () => {
    const intervals = ['1', '5', '60'] as const;
    fc.assert(
      fc.property(history, ({ startMs, events }) => {
        const builder = new CandleBuilder(intervals);
        const openStartMs = new Map<TCandleInterval, number>();
        let clockMs = startMs;
        let floorMs = Number.NEGATIVE_INFINITY;
        for (const step of events) {
          if (step.kind === 'close') {
            clockMs += step.stepMs;
            builder.closeUpTo(clockMs);
            for (const [interval, bucketMs] of openStartMs) {
              if (bucketEnd(interval, bucketMs) > clockMs) continue;
              // A closed hour shuts out a late tick even where its minute was closed long before.
              floorMs = Math.max(floorMs, bucketEnd(interval, bucketMs));
              openStartMs.delete(interval);
            }
            continue;
          }
          const tMs = clockMs + step.stepMs;
          clockMs = Math.max(clockMs, tMs);
          const isTaken = builder.add({ tMs, price: step.price, volume: step.volume }).updated.length > 0;
          expect(isTaken).toBe(tMs >= floorMs);
          if (!isTaken) continue;
          for (const interval of intervals) {
            openStartMs.set(interval, bucketStart(interval, tMs));
            floorMs = Math.max(floorMs, bucketStart(interval, tMs));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('closes candles in time order, each at most once', () => {
    fc.assert(
      fc.property(history, ({ startMs, events }) => {
        const { candles } = replay(CANDLE_INTERVALS, startMs, events);
        for (const list of candles.values()) {
          for (let i = 1; i < list.length; i++)
            expect(list[i]?.t).toBeGreaterThan(list[i - 1]?.t ?? Number.NaN);
        }
      }),
    );
  });
});
