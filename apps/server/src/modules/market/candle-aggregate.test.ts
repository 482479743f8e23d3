import { describe, expect, it } from 'vitest';
import { at, candle, DAY_MS } from '../../testing/candles';
import { aggregate, type Candle } from './candle-builder';

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
