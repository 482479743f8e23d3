import { INTERVAL_MS as CHART_INTERVAL_MS, CHART_INTERVALS } from '@td/contracts/constants';

// The chart's intervals plus '1M', which is stored and served as history but not offered on the chart.
// Derived from the contract so a new chart interval cannot be forgotten here.
export const CANDLE_INTERVALS = [...CHART_INTERVALS, '1M'] as const;
export type TCandleInterval = (typeof CANDLE_INTERVALS)[number];

/** Nominal lengths, for ranges and limits only: a '1M' bucket really lasts 28 to 31 days. */
export const INTERVAL_MS: Readonly<Record<TCandleInterval, number>> = CHART_INTERVAL_MS;

/** The resolutions that are stored; every other interval is aggregated from one of them. */
export type TSourceInterval = '1' | '60' | '1D';

const DAY_MS = CHART_INTERVAL_MS['1D'];
const WEEK_MS = CHART_INTERVAL_MS['1W'];
// The range of a JavaScript Date; past it the calendar arithmetic below yields NaN.
const TIME_MS_MAX = 8.64e15;
// 1970-01-01 was a Thursday, so the first Monday 00:00 UTC came 4 days after the epoch.
const FIRST_MONDAY_MS = 4 * DAY_MS;

export function isCandleInterval(value: unknown): value is TCandleInterval {
  return typeof value === 'string' && (CANDLE_INTERVALS as readonly string[]).includes(value);
}

/** Start (inclusive, ms since the epoch) of the UTC bucket of `interval` that holds `tMs`. */
export function bucketStart(interval: TCandleInterval, tMs: number): number {
  assertTime(tMs);
  switch (interval) {
    case '1M':
      return monthStartMs(tMs, 0);
    case '1W':
      return alignDown(tMs - FIRST_MONDAY_MS, WEEK_MS) + FIRST_MONDAY_MS;
    case '1':
    case '5':
    case '15':
    case '30':
    case '60':
    case '240':
    case '1D':
      // Multiples of the length since the epoch: hours start on the hour, 240 at 00/04/08… UTC and
      // days at midnight UTC, so every bucket nests exactly inside the next coarser one.
      return alignDown(tMs, CHART_INTERVAL_MS[interval]);
  }
}

/** End (exclusive) of the bucket that holds `tMs`: the start of the next one. */
export function bucketEnd(interval: TCandleInterval, tMs: number): number {
  if (interval === '1M') {
    assertTime(tMs);
    return monthStartMs(tMs, 1);
  }
  return bucketStart(interval, tMs) + INTERVAL_MS[interval];
}

/** The stored resolution whose candles are grouped into buckets of `interval`. */
export function finerSource(interval: TCandleInterval): TSourceInterval {
  switch (interval) {
    case '1':
    case '5':
    case '15':
    case '30':
      return '1';
    case '60':
    case '240':
      return '60';
    case '1D':
    case '1W':
    case '1M':
      return '1D';
  }
}

function alignDown(tMs: number, lengthMs: number): number {
  // Floor, not `%`: times before the epoch must round down too, not towards zero.
  return Math.floor(tMs / lengthMs) * lengthMs;
}

/** 00:00 UTC on the 1st of the month `monthOffset` months after the one holding `tMs`. */
function monthStartMs(tMs: number, monthOffset: number): number {
  const at = new Date(tMs);
  const start = new Date(0);
  // setUTCFullYear rather than Date.UTC, which reads years 0–99 as 1900–1999; a month past
  // December rolls over into the next year.
  start.setUTCFullYear(at.getUTCFullYear(), at.getUTCMonth() + monthOffset, 1);
  return start.getTime();
}

function assertTime(tMs: number): void {
  // A NaN bucket would silently poison every candle keyed by it, so refuse it where it enters.
  if (!(Math.abs(tMs) <= TIME_MS_MAX)) throw new RangeError(`Not a time in ms: ${tMs}`);
}
