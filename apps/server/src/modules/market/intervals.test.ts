import { CHART_INTERVALS } from '@td/contracts/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bucketEnd,
  bucketStart,
  CANDLE_INTERVALS,
  finerSource,
  INTERVAL_MS,
  isCandleInterval,
  type TCandleInterval,
} from './intervals';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const at = (iso: string) => Date.parse(iso);

// 2000-01-01 to 2100-01-01: wide enough for leap centuries and every weekday of every month.
const timeMs = fc.integer({ min: at('2000-01-01T00:00:00Z'), max: at('2100-01-01T00:00:00Z') });
const interval = fc.constantFrom(...CANDLE_INTERVALS);

describe('the candle intervals', () => {
  it('are the chart intervals plus one month', () => {
    expect(CANDLE_INTERVALS).toEqual(['1', '5', '15', '30', '60', '240', '1D', '1W', '1M']);
    expect(CANDLE_INTERVALS.slice(0, -1)).toEqual([...CHART_INTERVALS]);
  });

  it('have nominal lengths from one minute to a 30-day month', () => {
    expect(INTERVAL_MS).toEqual({
      '1': MINUTE_MS,
      '5': 5 * MINUTE_MS,
      '15': 15 * MINUTE_MS,
      '30': 30 * MINUTE_MS,
      '60': HOUR_MS,
      '240': 4 * HOUR_MS,
      '1D': 86_400_000,
      '1W': 7 * DAY_MS,
      '1M': 30 * DAY_MS,
    });
  });

  it('isCandleInterval accepts exactly the interval codes', () => {
    for (const code of CANDLE_INTERVALS) expect(isCandleInterval(code)).toBe(true);
    for (const other of [
      '',
      '2',
      '1d',
      '1h',
      'D',
      '60 ',
      'toString',
      'constructor',
      1,
      60,
      null,
      undefined,
      {},
    ]) {
      expect(isCandleInterval(other)).toBe(false);
    }
  });

  it('finerSource picks the stored resolution each interval is aggregated from', () => {
    const sources = Object.fromEntries(CANDLE_INTERVALS.map((code) => [code, finerSource(code)]));
    expect(sources).toEqual({
      '1': '1',
      '5': '1',
      '15': '1',
      '30': '1',
      '60': '60',
      '240': '60',
      '1D': '1D',
      '1W': '1D',
      '1M': '1D',
    });
  });
});

describe('bucketStart and bucketEnd', () => {
  it.each([
    ['1', '2025-03-04T14:05:37.123Z', '2025-03-04T14:05:00.000Z', '2025-03-04T14:06:00.000Z'],
    ['5', '2025-03-04T14:09:59.999Z', '2025-03-04T14:05:00.000Z', '2025-03-04T14:10:00.000Z'],
    ['15', '2025-03-04T14:44:00.000Z', '2025-03-04T14:30:00.000Z', '2025-03-04T14:45:00.000Z'],
    ['30', '2025-03-04T14:29:59.999Z', '2025-03-04T14:00:00.000Z', '2025-03-04T14:30:00.000Z'],
    ['60', '2025-03-04T14:59:00.000Z', '2025-03-04T14:00:00.000Z', '2025-03-04T15:00:00.000Z'],
    ['240', '2025-03-04T14:05:00.000Z', '2025-03-04T12:00:00.000Z', '2025-03-04T16:00:00.000Z'],
    ['240', '2025-03-04T03:59:59.999Z', '2025-03-04T00:00:00.000Z', '2025-03-04T04:00:00.000Z'],
    ['240', '2025-03-04T23:00:00.000Z', '2025-03-04T20:00:00.000Z', '2025-03-05T00:00:00.000Z'],
    ['1D', '2025-03-04T23:59:59.999Z', '2025-03-04T00:00:00.000Z', '2025-03-05T00:00:00.000Z'],
    ['1W', '2025-03-06T10:00:00.000Z', '2025-03-03T00:00:00.000Z', '2025-03-10T00:00:00.000Z'],
    ['1M', '2025-03-31T23:59:59.999Z', '2025-03-01T00:00:00.000Z', '2025-04-01T00:00:00.000Z'],
  ] as const)('a %s bucket holding %s runs from %s to %s', (code, timeIso, startIso, endIso) => {
    expect(bucketStart(code, at(timeIso))).toBe(at(startIso));
    expect(bucketEnd(code, at(timeIso))).toBe(at(endIso));
  });

  it('a time exactly on a boundary starts the new bucket, and 1 ms before belongs to the old one', () => {
    const boundaries: Array<[TCandleInterval, string]> = [
      ['1', '2025-03-04T14:06:00Z'],
      ['5', '2025-03-04T14:10:00Z'],
      ['15', '2025-03-04T14:45:00Z'],
      ['30', '2025-03-04T14:30:00Z'],
      ['60', '2025-03-04T15:00:00Z'],
      ['240', '2025-03-04T16:00:00Z'],
      ['1D', '2025-03-05T00:00:00Z'],
      ['1W', '2025-03-10T00:00:00Z'],
      ['1M', '2025-04-01T00:00:00Z'],
    ];
    for (const [code, iso] of boundaries) {
      const boundaryMs = at(iso);
      expect(bucketStart(code, boundaryMs), code).toBe(boundaryMs);
      expect(bucketEnd(code, boundaryMs - 1), code).toBe(boundaryMs);
      expect(bucketStart(code, boundaryMs - 1), code).toBeLessThan(boundaryMs);
    }
  });

  it('240-minute buckets start at 00, 04, 08, 12, 16 and 20 UTC', () => {
    const starts = new Set<number>();
    for (let tMs = at('2025-06-10T00:00:00Z'); tMs < at('2025-06-11T00:00:00Z'); tMs += 17 * MINUTE_MS) {
      starts.add(new Date(bucketStart('240', tMs)).getUTCHours());
    }
    expect([...starts]).toEqual([0, 4, 8, 12, 16, 20]);
  });

  it('weeks start on Monday 00:00 UTC, also across a year end', () => {
    // 2024-12-30 is a Monday: its week runs into 2025.
    for (const iso of [
      '2024-12-30T00:00:00Z',
      '2024-12-31T12:00:00Z',
      '2025-01-01T00:00:00Z',
      '2025-01-05T23:59:59.999Z',
    ]) {
      expect(bucketStart('1W', at(iso)), iso).toBe(at('2024-12-30T00:00:00Z'));
      expect(bucketEnd('1W', at(iso)), iso).toBe(at('2025-01-06T00:00:00Z'));
    }
    // A Sunday belongs to the week that began six days before, not the one starting next day.
    expect(bucketStart('1W', at('2023-01-01T12:00:00Z'))).toBe(at('2022-12-26T00:00:00Z'));
    expect(bucketStart('1W', at('2023-01-02T00:00:00Z'))).toBe(at('2023-01-02T00:00:00Z'));
  });

  it('weeks before the epoch still start on Monday', () => {
    // 1969-12-29 was a Monday; 1970-01-01 was the Thursday of the same week.
    expect(bucketStart('1W', at('1970-01-01T00:00:00Z'))).toBe(at('1969-12-29T00:00:00Z'));
    expect(bucketStart('1W', at('1969-12-25T08:00:00Z'))).toBe(at('1969-12-22T00:00:00Z'));
    expect(bucketStart('1', -1)).toBe(-MINUTE_MS);
  });

  it.each([
    ['2025-02-14T09:00:00Z', '2025-02-01T00:00:00Z', '2025-03-01T00:00:00Z', 28],
    ['2024-02-29T23:59:59.999Z', '2024-02-01T00:00:00Z', '2024-03-01T00:00:00Z', 29],
    ['2000-02-10T00:00:00Z', '2000-02-01T00:00:00Z', '2000-03-01T00:00:00Z', 29],
    ['2100-02-10T00:00:00Z', '2100-02-01T00:00:00Z', '2100-03-01T00:00:00Z', 28],
    ['2025-04-30T12:00:00Z', '2025-04-01T00:00:00Z', '2025-05-01T00:00:00Z', 30],
    ['2025-12-31T23:59:59.999Z', '2025-12-01T00:00:00Z', '2026-01-01T00:00:00Z', 31],
  ] as const)('the month holding %s runs from %s to %s (%i days)', (timeIso, startIso, endIso, days) => {
    const startMs = bucketStart('1M', at(timeIso));
    const endMs = bucketEnd('1M', at(timeIso));
    expect(startMs).toBe(at(startIso));
    expect(endMs).toBe(at(endIso));
    expect((endMs - startMs) / DAY_MS).toBe(days);
  });

  it('months of the first century are not read as 19xx', () => {
    // Date.UTC(30, 5, 1) would mean June 1930.
    const tMs = new Date(0).setUTCFullYear(30, 5, 15);
    expect(bucketStart('1M', tMs)).toBe(new Date(0).setUTCFullYear(30, 5, 1));
    expect(bucketEnd('1M', tMs)).toBe(new Date(0).setUTCFullYear(30, 6, 1));
  });

  it('refuses a time that is not a finite ms value', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 9e15]) {
      expect(() => bucketStart('1', bad)).toThrow(RangeError);
      expect(() => bucketEnd('1M', bad)).toThrow(RangeError);
    }
  });

  it('every time lies in its bucket, and its bucket starts where the previous one ends', () => {
    fc.assert(
      fc.property(interval, timeMs, (code, tMs) => {
        const startMs = bucketStart(code, tMs);
        const endMs = bucketEnd(code, tMs);
        expect(startMs).toBeLessThanOrEqual(tMs);
        expect(tMs).toBeLessThan(endMs);
        expect(bucketStart(code, startMs)).toBe(startMs);
        expect(bucketStart(code, endMs)).toBe(endMs);
        expect(bucketEnd(code, startMs - 1)).toBe(startMs);
      }),
    );
  });

  it('fixed-length buckets last their nominal length, and months 28 to 31 days', () => {
    fc.assert(
      fc.property(interval, timeMs, (code, tMs) => {
        const lengthMs = bucketEnd(code, tMs) - bucketStart(code, tMs);
        if (code === '1M') expect([28, 29, 30, 31]).toContain(lengthMs / DAY_MS);
        else expect(lengthMs).toBe(INTERVAL_MS[code]);
      }),
    );
  });

  it('every fine bucket lies inside exactly one bucket of its coarser interval', () => {
    const nested: Array<[TCandleInterval, TCandleInterval]> = [
      ['1', '5'],
      ['5', '60'],
      ['15', '60'],
      ['30', '60'],
      ['60', '240'],
      ['240', '1D'],
      ['1D', '1W'],
      ['1D', '1M'],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...nested), timeMs, ([fine, coarse], tMs) => {
        const fineStartMs = bucketStart(fine, tMs);
        const fineLastMs = bucketEnd(fine, tMs) - 1;
        // Both ends of the fine bucket fall in the same coarse bucket, so it cannot straddle two.
        expect(bucketStart(coarse, fineStartMs)).toBe(bucketStart(coarse, fineLastMs));
        expect(bucketStart(coarse, tMs)).toBeLessThanOrEqual(fineStartMs);
        expect(bucketEnd(coarse, tMs)).toBeGreaterThan(fineLastMs);
      }),
    );
  });

  it('each interval nests inside the resolution it is aggregated from', () => {
    fc.assert(
      fc.property(interval, timeMs, (code, tMs) => {
        const source = finerSource(code);
        expect(bucketStart(code, bucketStart(source, tMs))).toBe(bucketStart(code, tMs));
        expect(bucketStart(code, bucketEnd(source, tMs) - 1)).toBe(bucketStart(code, tMs));
      }),
    );
  });

  it('weekly buckets always start on a Monday and months on the 1st, at midnight UTC', () => {
    fc.assert(
      fc.property(timeMs, (tMs) => {
        const week = new Date(bucketStart('1W', tMs));
        const month = new Date(bucketStart('1M', tMs));
        expect(week.getUTCDay()).toBe(1);
        expect(month.getUTCDate()).toBe(1);
        expect(month.getUTCMonth()).toBe(new Date(tMs).getUTCMonth());
        for (const start of [week, month]) expect(start.getTime() % DAY_MS).toBe(0);
      }),
    );
  });
});
