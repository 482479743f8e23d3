import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregate, type Candle, CandleBuilder, type IntervalCandle, type Trade } from './candle-builder';
import { bucketEnd, bucketStart, CANDLE_INTERVALS, type TCandleInterval } from './intervals';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const at = (iso: string) => Date.parse(iso);
const trade = (iso: string, price: number, volume = 1): Trade => ({ tMs: at(iso), price, volume });
const candle = (iso: string, o: number, h: number, l: number, c: number, v: number): Candle => ({
  t: at(iso),
  o,
  h,
  l,
  c,
  v,
});
const intervalsOf = (list: IntervalCandle[]) => list.map((entry) => entry.interval);
const candleOf = (list: IntervalCandle[], interval: TCandleInterval) =>
  list.find((entry) => entry.interval === interval)?.candle;

describe('CandleBuilder', () => {
  it('opens a candle in every interval with the first trade as open, high, low and close', () => {
    const builder = new CandleBuilder(['1', '60', '1D']);
    const changes = builder.add(trade('2025-03-04T14:05:37Z', 10_150, 3));
    expect(changes.closed).toEqual([]);
    expect(changes.updated).toEqual([
      { interval: '1', candle: candle('2025-03-04T14:05:00Z', 10_150, 10_150, 10_150, 10_150, 3) },
      { interval: '60', candle: candle('2025-03-04T14:00:00Z', 10_150, 10_150, 10_150, 10_150, 3) },
      { interval: '1D', candle: candle('2025-03-04T00:00:00Z', 10_150, 10_150, 10_150, 10_150, 3) },
    ]);
  });

  it('moves high, low, close and volume with each trade in the bucket, but never the open', () => {
    const builder = new CandleBuilder(['1']);
    builder.add(trade('2025-03-04T14:05:01Z', 100, 1));
    builder.add(trade('2025-03-04T14:05:10Z', 130, 2));
    builder.add(trade('2025-03-04T14:05:20Z', 90, 3));
    const changes = builder.add(trade('2025-03-04T14:05:59.999Z', 110, 4));
    expect(changes.updated).toEqual([
      { interval: '1', candle: candle('2025-03-04T14:05:00Z', 100, 130, 90, 110, 10) },
    ]);
    expect(builder.current('1')).toEqual(candle('2025-03-04T14:05:00Z', 100, 130, 90, 110, 10));
  });

  it('closes the candle when a trade lands in a later bucket, and opens the next at that price', () => {
    const builder = new CandleBuilder(['1', '5']);
    builder.add(trade('2025-03-04T14:05:10Z', 100, 1));
    builder.add(trade('2025-03-04T14:05:50Z', 105, 1));
    const changes = builder.add(trade('2025-03-04T14:06:00Z', 103, 2));
    expect(changes.closed).toEqual([
      { interval: '1', candle: candle('2025-03-04T14:05:00Z', 100, 105, 100, 105, 2) },
    ]);
    expect(changes.updated).toEqual([
      { interval: '1', candle: candle('2025-03-04T14:06:00Z', 103, 103, 103, 103, 2) },
      { interval: '5', candle: candle('2025-03-04T14:05:00Z', 100, 105, 100, 103, 4) },
    ]);
  });

  it.each(CANDLE_INTERVALS.map((interval) => [interval] as const))(
    'closes a %s candle exactly at its bucket end and not 1 ms before',
    (interval) => {
      const startMs = bucketStart(interval, at('2024-02-14T13:37:00Z'));
      const endMs = bucketEnd(interval, startMs);
      const builder = new CandleBuilder([interval]);
      builder.add({ tMs: startMs, price: 500, volume: 1 });
      const lastMs = builder.add({ tMs: endMs - 1, price: 520, volume: 1 });
      expect(lastMs.closed).toEqual([]);
      expect(lastMs.updated[0]?.candle).toEqual({ t: startMs, o: 500, h: 520, l: 500, c: 520, v: 2 });
      const next = builder.add({ tMs: endMs, price: 510, volume: 5 });
      expect(next.closed).toEqual([
        { interval, candle: { t: startMs, o: 500, h: 520, l: 500, c: 520, v: 2 } },
      ]);
      expect(next.updated).toEqual([
        { interval, candle: { t: endMs, o: 510, h: 510, l: 510, c: 510, v: 5 } },
      ]);
    },
  );

  it('closes only the intervals whose bucket ended', () => {
    const builder = new CandleBuilder(['1', '5', '60']);
    builder.add(trade('2025-03-04T14:59:30Z', 100));
    expect(intervalsOf(builder.add(trade('2025-03-04T14:59:40Z', 101)).closed)).toEqual([]);
    expect(intervalsOf(builder.add(trade('2025-03-04T15:00:00Z', 102)).closed)).toEqual(['1', '5', '60']);
    expect(intervalsOf(builder.add(trade('2025-03-04T15:01:00Z', 103)).closed)).toEqual(['1']);
    expect(intervalsOf(builder.add(trade('2025-03-04T15:05:00Z', 104)).closed)).toEqual(['1', '5']);
  });

  it('leaves a gap instead of candles for buckets without trades', () => {
    const builder = new CandleBuilder(['1']);
    builder.add(trade('2025-03-04T14:05:10Z', 100));
    const changes = builder.add(trade('2025-03-04T14:09:30Z', 120));
    expect(changes.closed).toEqual([
      { interval: '1', candle: candle('2025-03-04T14:05:00Z', 100, 100, 100, 100, 1) },
    ]);
    expect(changes.updated).toEqual([
      { interval: '1', candle: candle('2025-03-04T14:09:00Z', 120, 120, 120, 120, 1) },
    ]);
  });

  it('skips the forex weekend: no Saturday candle, while the week candle runs through it', () => {
    const builder = new CandleBuilder(['60', '1D', '1W']);
    // Friday 16:59 New York (EST) is 21:59 UTC; the market reopens on Sunday 17:00 = 22:00 UTC.
    builder.add(trade('2025-01-10T21:59:00Z', 10_350, 4));
    const reopen = builder.add(trade('2025-01-12T22:00:00Z', 10_380, 6));
    expect(reopen.closed).toEqual([
      { interval: '60', candle: candle('2025-01-10T21:00:00Z', 10_350, 10_350, 10_350, 10_350, 4) },
      { interval: '1D', candle: candle('2025-01-10T00:00:00Z', 10_350, 10_350, 10_350, 10_350, 4) },
    ]);
    expect(candleOf(reopen.updated, '1D')).toEqual(
      candle('2025-01-12T00:00:00Z', 10_380, 10_380, 10_380, 10_380, 6),
    );
    // 2025-01-06 is the Monday that began the week; Sunday still belongs to it.
    expect(candleOf(reopen.updated, '1W')).toEqual(
      candle('2025-01-06T00:00:00Z', 10_350, 10_380, 10_350, 10_380, 10),
    );
    const monday = builder.add(trade('2025-01-13T00:00:00Z', 10_370, 1));
    expect(candleOf(monday.closed, '1W')).toEqual(
      candle('2025-01-06T00:00:00Z', 10_350, 10_380, 10_350, 10_380, 10),
    );
  });

  it('rolls the month over on the 1st, however long the month was', () => {
    const builder = new CandleBuilder(['1M']);
    builder.add(trade('2024-02-01T00:00:00Z', 100));
    expect(builder.add(trade('2024-02-29T23:59:59.999Z', 90)).closed).toEqual([]);
    const march = builder.add(trade('2024-03-01T00:00:00Z', 95));
    expect(march.closed).toEqual([
      { interval: '1M', candle: candle('2024-02-01T00:00:00Z', 100, 100, 90, 90, 2) },
    ]);
    expect(march.updated).toEqual([
      { interval: '1M', candle: candle('2024-03-01T00:00:00Z', 95, 95, 95, 95, 1) },
    ]);
  });

  it('ignores a trade older than the current bucket and reports nothing', () => {
    const builder = new CandleBuilder(['1', '60']);
    builder.add(trade('2025-03-04T14:05:10Z', 100));
    builder.add(trade('2025-03-04T14:06:10Z', 110));
    const late = builder.add(trade('2025-03-04T14:05:59Z', 999, 50));
    expect(late).toEqual({ updated: [], closed: [] });
    expect(builder.current('1')).toEqual(candle('2025-03-04T14:06:00Z', 110, 110, 110, 110, 1));
    // The hour is still open, but taking the tick there alone would make it disagree with its minutes.
    expect(builder.current('60')).toEqual(candle('2025-03-04T14:00:00Z', 100, 110, 100, 110, 2));
  });

  it('takes a late trade inside the current bucket: the earliest trade opens and the latest closes', () => {
    const builder = new CandleBuilder(['1', '5']);
    builder.add(trade('2025-03-04T14:05:30Z', 100, 1));
    builder.add(trade('2025-03-04T14:05:50Z', 120, 1));
    const early = builder.add(trade('2025-03-04T14:05:05Z', 80, 2));
    expect(candleOf(early.updated, '1')).toEqual(candle('2025-03-04T14:05:00Z', 80, 120, 80, 120, 4));
    expect(candleOf(early.updated, '5')).toEqual(candle('2025-03-04T14:05:00Z', 80, 120, 80, 120, 4));
    const middle = builder.add(trade('2025-03-04T14:05:40Z', 110, 1));
    expect(candleOf(middle.updated, '1')).toEqual(candle('2025-03-04T14:05:00Z', 80, 120, 80, 120, 5));
  });

  it('breaks a tie in time by arrival: the first received opens, the last received closes', () => {
    const builder = new CandleBuilder(['1']);
    builder.add(trade('2025-03-04T14:05:30Z', 100));
    builder.add(trade('2025-03-04T14:05:30Z', 105));
    builder.add(trade('2025-03-04T14:05:10Z', 90));
    builder.add(trade('2025-03-04T14:05:10Z', 95));
    expect(builder.current('1')).toEqual(candle('2025-03-04T14:05:00Z', 90, 105, 90, 105, 4));
  });

  it('counts a price tick without volume in the prices but not the volume', () => {
    const builder = new CandleBuilder(['1']);
    builder.add(trade('2025-03-04T14:05:30Z', 100, 7));
    builder.add(trade('2025-03-04T14:05:40Z', 140, 0));
    expect(builder.current('1')).toEqual(candle('2025-03-04T14:05:00Z', 100, 140, 100, 140, 7));
  });

  describe('closeUpTo', () => {
    it('closes a quiet minute at its end without waiting for the next trade', () => {
      const builder = new CandleBuilder(['1', '5']);
      builder.add(trade('2025-03-04T14:05:10Z', 100));
      expect(builder.closeUpTo(at('2025-03-04T14:05:59.999Z'))).toEqual([]);
      expect(builder.closeUpTo(at('2025-03-04T14:06:00Z'))).toEqual([
        { interval: '1', candle: candle('2025-03-04T14:05:00Z', 100, 100, 100, 100, 1) },
      ]);
      expect(builder.current('1')).toBeUndefined();
      expect(builder.current('5')).toEqual(candle('2025-03-04T14:05:00Z', 100, 100, 100, 100, 1));
    });

    it('closes every interval whose bucket ended, long after the last trade', () => {
      const builder = new CandleBuilder(['1', '5', '60', '1D']);
      builder.add(trade('2025-03-04T14:05:10Z', 100));
      const closed = builder.closeUpTo(at('2025-03-04T16:00:00Z'));
      expect(intervalsOf(closed)).toEqual(['1', '5', '60']);
      expect(builder.current('1D')).toEqual(candle('2025-03-04T00:00:00Z', 100, 100, 100, 100, 1));
    });

    it('reports each candle once, so a later trade opens a new candle without closing anything', () => {
      const builder = new CandleBuilder(['1']);
      builder.add(trade('2025-03-04T14:05:10Z', 100));
      expect(builder.closeUpTo(at('2025-03-04T14:07:00Z'))).toHaveLength(1);
      expect(builder.closeUpTo(at('2025-03-04T14:08:00Z'))).toEqual([]);
      const next = builder.add(trade('2025-03-04T14:08:30Z', 101));
      expect(next.closed).toEqual([]);
      expect(next.updated).toEqual([
        { interval: '1', candle: candle('2025-03-04T14:08:00Z', 101, 101, 101, 101, 1) },
      ]);
    });

    it('never reopens a closed bucket for a late trade', () => {
      const builder = new CandleBuilder(['1', '60']);
      builder.add(trade('2025-03-04T14:05:10Z', 100));
      builder.closeUpTo(at('2025-03-04T14:06:00Z'));
      expect(builder.add(trade('2025-03-04T14:05:59Z', 130))).toEqual({ updated: [], closed: [] });
      expect(builder.current('1')).toBeUndefined();
      expect(builder.current('60')).toEqual(candle('2025-03-04T14:00:00Z', 100, 100, 100, 100, 1));
      // Within the next minute trades are welcome again, even with no candle open.
      expect(builder.add(trade('2025-03-04T14:06:00Z', 104)).updated).toHaveLength(2);
    });

    it('does nothing before the first trade', () => {
      expect(new CandleBuilder(['1']).closeUpTo(at('2025-03-04T14:06:00Z'))).toEqual([]);
    });
  });

  describe('resume', () => {
    it('continues a stored candle: later trades move high, low, close and volume, not the open', () => {
      const builder = new CandleBuilder(['60']);
      builder.resume('60', candle('2025-03-04T14:00:00Z', 100, 120, 95, 110, 40));
      const changes = builder.add(trade('2025-03-04T14:30:00Z', 130, 2));
      expect(changes.closed).toEqual([]);
      expect(changes.updated).toEqual([
        { interval: '60', candle: candle('2025-03-04T14:00:00Z', 100, 130, 95, 130, 42) },
      ]);
    });

    it('closes the resumed candle when trading moves past its bucket', () => {
      const builder = new CandleBuilder(['60']);
      builder.resume('60', candle('2025-03-04T14:00:00Z', 100, 120, 95, 110, 40));
      expect(builder.add(trade('2025-03-04T15:00:00Z', 111)).closed).toEqual([
        { interval: '60', candle: candle('2025-03-04T14:00:00Z', 100, 120, 95, 110, 40) },
      ]);
    });

    it('drops trades from before the resumed bucket', () => {
      const builder = new CandleBuilder(['60']);
      builder.resume('60', candle('2025-03-04T14:00:00Z', 100, 120, 95, 110, 40));
      expect(builder.add(trade('2025-03-04T13:59:59Z', 500))).toEqual({ updated: [], closed: [] });
    });

    it('refuses a candle that does not start a bucket, is malformed, or is older than the one held', () => {
      const builder = new CandleBuilder(['60']);
      expect(() => builder.resume('60', candle('2025-03-04T14:01:00Z', 100, 100, 100, 100, 1))).toThrow(
        RangeError,
      );
      expect(() => builder.resume('60', candle('2025-03-04T14:00:00Z', 100, 90, 95, 100, 1))).toThrow(
        RangeError,
      );
      expect(() => builder.resume('60', candle('2025-03-04T14:00:00Z', 100.5, 101, 95, 100, 1))).toThrow(
        RangeError,
      );
      expect(() => builder.resume('60', candle('2025-03-04T14:00:00Z', 100, 101, 95, 100, -1))).toThrow(
        RangeError,
      );
      builder.add(trade('2025-03-04T15:10:00Z', 100));
      expect(() => builder.resume('60', candle('2025-03-04T14:00:00Z', 100, 100, 100, 100, 1))).toThrow(
        RangeError,
      );
    });
  });

  it('hands out copies, so callers cannot change its candles', () => {
    const builder = new CandleBuilder(['1']);
    const changes = builder.add(trade('2025-03-04T14:05:10Z', 100));
    const updated = changes.updated[0];
    if (updated) updated.candle.h = 999;
    const current = builder.current('1');
    if (current) current.l = 1;
    expect(builder.current('1')).toEqual(candle('2025-03-04T14:05:00Z', 100, 100, 100, 100, 1));
  });

  it('refuses an interval it does not build, and an empty interval list', () => {
    const builder = new CandleBuilder(['1', '5']);
    expect(builder.intervals).toEqual(['1', '5']);
    expect(() => builder.current('60')).toThrow(RangeError);
    expect(() => builder.resume('60', candle('2025-03-04T14:00:00Z', 1, 1, 1, 1, 1))).toThrow(RangeError);
    expect(() => new CandleBuilder([])).toThrow(RangeError);
  });

  it.each([
    ['a fractional price', { tMs: 0, price: 100.5, volume: 1 }],
    ['a zero price', { tMs: 0, price: 0, volume: 1 }],
    ['a negative volume', { tMs: 0, price: 100, volume: -1 }],
    ['a NaN time', { tMs: Number.NaN, price: 100, volume: 1 }],
    ['a fractional time', { tMs: 0.5, price: 100, volume: 1 }],
  ])('refuses a trade with %s', (_label, bad) => {
    expect(() => new CandleBuilder(['1']).add(bad)).toThrow(RangeError);
  });
});

describe('aggregate', () => {
  it('returns nothing for no candles', () => {
    expect(aggregate([], '60')).toEqual([]);
  });

  it('takes the first open, the last close, the highest high, the lowest low and the summed volume', () => {
    const minutes = [
      candle('2025-03-04T14:05:00Z', 100, 104, 99, 103, 1),
      candle('2025-03-04T14:06:00Z', 103, 110, 101, 108, 2),
      candle('2025-03-04T14:07:00Z', 108, 109, 95, 97, 3),
      candle('2025-03-04T14:09:00Z', 97, 100, 96, 99, 4),
    ];
    expect(aggregate(minutes, '5')).toEqual([candle('2025-03-04T14:05:00Z', 100, 110, 95, 99, 10)]);
  });

  it('starts a new bucket at each boundary and skips buckets with no candles', () => {
    const minutes = [
      candle('2025-03-04T14:04:00Z', 10, 10, 10, 10, 1),
      candle('2025-03-04T14:05:00Z', 20, 20, 20, 20, 1),
      candle('2025-03-04T14:21:00Z', 30, 30, 30, 30, 1),
    ];
    expect(aggregate(minutes, '5')).toEqual([
      candle('2025-03-04T14:00:00Z', 10, 10, 10, 10, 1),
      candle('2025-03-04T14:05:00Z', 20, 20, 20, 20, 1),
      candle('2025-03-04T14:20:00Z', 30, 30, 30, 30, 1),
    ]);
  });

  it('groups hours into 240-minute buckets starting at 00/04/08… UTC', () => {
    const hours = [3, 4, 7, 8].map((hour) => ({
      t: Date.UTC(2025, 2, 4, hour),
      o: hour,
      h: hour,
      l: hour,
      c: hour,
      v: 1,
    }));
    expect(aggregate(hours, '240')).toEqual([
      { t: Date.UTC(2025, 2, 4, 0), o: 3, h: 3, l: 3, c: 3, v: 1 },
      { t: Date.UTC(2025, 2, 4, 4), o: 4, h: 7, l: 4, c: 7, v: 2 },
      { t: Date.UTC(2025, 2, 4, 8), o: 8, h: 8, l: 8, c: 8, v: 1 },
    ]);
  });

  it('groups days into Monday weeks across a year end, leaving the weekend out', () => {
    const days = ['2024-12-27', '2024-12-30', '2024-12-31', '2025-01-02', '2025-01-03', '2025-01-06'].map(
      (day, i) => candle(`${day}T00:00:00Z`, 100 + i, 100 + i, 100 + i, 100 + i, 1),
    );
    expect(aggregate(days, '1W')).toEqual([
      candle('2024-12-23T00:00:00Z', 100, 100, 100, 100, 1),
      candle('2024-12-30T00:00:00Z', 101, 104, 101, 104, 4),
      candle('2025-01-06T00:00:00Z', 105, 105, 105, 105, 1),
    ]);
  });

  it('groups days into calendar months of 29, 30 and 31 days', () => {
    const days: Candle[] = [];
    for (let tMs = at('2024-02-01T00:00:00Z'); tMs < at('2024-05-01T00:00:00Z'); tMs += DAY_MS) {
      days.push({ t: tMs, o: 1, h: 1, l: 1, c: 1, v: 1 });
    }
    expect(aggregate(days, '1M').map((month) => [new Date(month.t).toISOString(), month.v])).toEqual([
      ['2024-02-01T00:00:00.000Z', 29],
      ['2024-03-01T00:00:00.000Z', 31],
      ['2024-04-01T00:00:00.000Z', 30],
    ]);
  });

  it('refuses candles out of order or repeated, rather than splitting a bucket', () => {
    const a = candle('2025-03-04T14:05:00Z', 1, 1, 1, 1, 1);
    const b = candle('2025-03-04T14:06:00Z', 1, 1, 1, 1, 1);
    expect(() => aggregate([b, a], '5')).toThrow(RangeError);
    expect(() => aggregate([a, a], '5')).toThrow(RangeError);
  });

  it('leaves its input untouched', () => {
    const minutes = [
      candle('2025-03-04T14:05:00Z', 1, 2, 1, 2, 1),
      candle('2025-03-04T14:06:00Z', 2, 3, 2, 3, 1),
    ];
    const copy = structuredClone(minutes);
    aggregate(minutes, '60');
    expect(minutes).toEqual(copy);
  });
});

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
