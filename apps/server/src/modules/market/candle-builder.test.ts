import { describe, expect, it } from 'vitest';
import { at, candle, candleOf, intervalCandle, intervalsOf, trade } from '../../testing/candles';
import { CandleBuilder } from './candle-builder';
import { bucketEnd, bucketStart, CANDLE_INTERVALS } from './intervals';

describe('CandleBuilder', () => {
  it('opens a candle in every interval with the first trade as open, high, low and close', () => {
    const builder = new CandleBuilder(['1', '60', '1D']);
    const changes = builder.add(trade('2025-03-04T14:05:37Z', 10_150, 3));
    expect(changes.closed).toEqual([]);
    expect(changes.updated).toEqual([
      intervalCandle('1', '2025-03-04T14:05:00Z', 10_150, 10_150, 10_150, 10_150, 3),
      intervalCandle('60', '2025-03-04T14:00:00Z', 10_150, 10_150, 10_150, 10_150, 3),
      intervalCandle('1D', '2025-03-04T00:00:00Z', 10_150, 10_150, 10_150, 10_150, 3),
    ]);
  });

  it('moves high, low, close and volume with each trade in the bucket, but never the open', () => {
    const builder = new CandleBuilder(['1']);
    builder.add(trade('2025-03-04T14:05:01Z', 100, 1));
    builder.add(trade('2025-03-04T14:05:10Z', 130, 2));
    builder.add(trade('2025-03-04T14:05:20Z', 90, 3));
    const changes = builder.add(trade('2025-03-04T14:05:59.999Z', 110, 4));
    expect(changes.updated).toEqual([intervalCandle('1', '2025-03-04T14:05:00Z', 100, 130, 90, 110, 10)]);
    expect(builder.current('1')).toEqual(candle('2025-03-04T14:05:00Z', 100, 130, 90, 110, 10));
  });

  it('closes the candle when a trade lands in a later bucket, and opens the next at that price', () => {
    const builder = new CandleBuilder(['1', '5']);
    builder.add(trade('2025-03-04T14:05:10Z', 100, 1));
    builder.add(trade('2025-03-04T14:05:50Z', 105, 1));
    const changes = builder.add(trade('2025-03-04T14:06:00Z', 103, 2));
    expect(changes.closed).toEqual([intervalCandle('1', '2025-03-04T14:05:00Z', 100, 105, 100, 105, 2)]);
    expect(changes.updated).toEqual([
      intervalCandle('1', '2025-03-04T14:06:00Z', 103, 103, 103, 103, 2),
      intervalCandle('5', '2025-03-04T14:05:00Z', 100, 105, 100, 103, 4),
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
    expect(changes.closed).toEqual([intervalCandle('1', '2025-03-04T14:05:00Z', 100, 100, 100, 100, 1)]);
    expect(changes.updated).toEqual([intervalCandle('1', '2025-03-04T14:09:00Z', 120, 120, 120, 120, 1)]);
  });

  it('skips the forex weekend: no Saturday candle, while the week candle runs through it', () => {
    const builder = new CandleBuilder(['60', '1D', '1W']);
    // Friday 16:59 New York (EST) is 21:59 UTC; the market reopens on Sunday 17:00 = 22:00 UTC.
    builder.add(trade('2025-01-10T21:59:00Z', 10_350, 4));
    const reopen = builder.add(trade('2025-01-12T22:00:00Z', 10_380, 6));
    expect(reopen.closed).toEqual([
      intervalCandle('60', '2025-01-10T21:00:00Z', 10_350, 10_350, 10_350, 10_350, 4),
      intervalCandle('1D', '2025-01-10T00:00:00Z', 10_350, 10_350, 10_350, 10_350, 4),
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
    expect(march.closed).toEqual([intervalCandle('1M', '2024-02-01T00:00:00Z', 100, 100, 90, 90, 2)]);
    expect(march.updated).toEqual([intervalCandle('1M', '2024-03-01T00:00:00Z', 95, 95, 95, 95, 1)]);
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
        intervalCandle('1', '2025-03-04T14:05:00Z', 100, 100, 100, 100, 1),
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
      expect(next.updated).toEqual([intervalCandle('1', '2025-03-04T14:08:00Z', 101, 101, 101, 101, 1)]);
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
      expect(changes.updated).toEqual([intervalCandle('60', '2025-03-04T14:00:00Z', 100, 130, 95, 130, 42)]);
    });

    it('closes the resumed candle when trading moves past its bucket', () => {
      const builder = new CandleBuilder(['60']);
      builder.resume('60', candle('2025-03-04T14:00:00Z', 100, 120, 95, 110, 40));
      expect(builder.add(trade('2025-03-04T15:00:00Z', 111)).closed).toEqual([
        intervalCandle('60', '2025-03-04T14:00:00Z', 100, 120, 95, 110, 40),
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
