import { parseScaled } from '@td/contracts/decimal';
import { SWAP_RATE_SCALE } from '@td/contracts/financing';
import { mulDivFloor } from '@td/contracts/money-math';
import type { TPairType } from '@td/contracts/statuses';
import type { TSide } from '@td/contracts/trading-math';
import { DAY_MS, HOUR_MS, MINUTE_MS, SATURDAY, SUNDAY, WEDNESDAY } from '../../platform/time-units';
import { FOREX_ROLLOVER_MINUTE, newYorkTime, STOCKS_CLOSE_MINUTE } from '../market/market-hours';
import { EARLY_CLOSE_MINUTE, exchangeDay } from '../market/us-calendar';

/**
 * The overnight rollovers: the instants a position open through them is charged (or paid) its
 * swap, and how many days each charges.
 *
 * - forex: 17:00 New York every weekday; Wednesday's charges three days (the weekend's value days).
 * - stocks: the close of every trading day of the US exchanges; each charges the days until the
 *   next trading day, so Friday's charges three (and the day before a holiday one more).
 * - crypto: 00:00 UTC every day.
 *
 * The daily rate is the annual rate ÷ 360 (forex, stocks) or ÷ 365 (crypto).
 */

/** A run of days with no trading day in it is never longer than this (a long weekend plus a holiday). */
const TRADING_DAY_SEARCH_DAYS = 10;

export interface Rollover {
  atMs: number;
  /** Days charged: 3 on the triple-swap day. */
  days: number;
}

export const SWAP_DAYS_PER_YEAR: Record<TPairType, number> = { crp: 365, forex: 360, stocks: 360 };
export const TRIPLE_SWAP_DAY: Record<TPairType, 'wednesday' | 'friday' | null> = {
  crp: null,
  forex: 'wednesday',
  stocks: 'friday',
};

/** The instant a New York wall-clock minute falls on (New York is 4 or 5 hours behind UTC). */
export function newYorkInstant(year: number, month: number, day: number, minuteOfDay: number): number {
  const wall = Date.UTC(year, month - 1, day) + minuteOfDay * MINUTE_MS;
  for (const offsetHours of [4, 5]) {
    const candidate = wall + offsetHours * HOUR_MS;
    const seen = newYorkTime(candidate);
    if (seen.day === day && seen.minuteOfDay === minuteOfDay) return candidate;
  }
  // A minute the clock change skips: the same minute an hour on.
  return wall + 4 * HOUR_MS;
}

/** The calendar date `days` after a date, as [year, month, day]. */
function dayAfter(year: number, month: number, day: number, days = 1): [number, number, number] {
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}

const weekdayOf = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).getUTCDay();

/** Whether the US exchanges trade on a New York date. */
export function isTradingDay(year: number, month: number, day: number): boolean {
  const weekday = weekdayOf(year, month, day);
  return weekday !== SATURDAY && weekday !== SUNDAY && exchangeDay(year, month, day)?.kind !== 'closed';
}

/** The rollover of a pair type on a New York (or, for crypto, UTC) calendar date, if it has one. */
function rolloverOn(pairType: TPairType, year: number, month: number, day: number): Rollover | undefined {
  const weekday = weekdayOf(year, month, day);
  switch (pairType) {
    case 'crp':
      return { atMs: Date.UTC(year, month - 1, day), days: 1 };
    case 'forex':
      if (weekday === SATURDAY || weekday === SUNDAY) return undefined;
      return {
        atMs: newYorkInstant(year, month, day, FOREX_ROLLOVER_MINUTE),
        days: weekday === WEDNESDAY ? 3 : 1,
      };
    case 'stocks': {
      if (!isTradingDay(year, month, day)) return undefined;
      const early = exchangeDay(year, month, day)?.kind === 'early-close';
      let days = 1;
      let next = dayAfter(year, month, day);
      while (!isTradingDay(...next) && days < TRADING_DAY_SEARCH_DAYS) {
        days += 1;
        next = dayAfter(...next);
      }
      return {
        atMs: newYorkInstant(year, month, day, early ? EARLY_CLOSE_MINUTE : STOCKS_CLOSE_MINUTE),
        days,
      };
    }
  }
}

/** The rollovers of a pair type after `afterMs` up to and including `throughMs`, oldest first. */
export function rolloversBetween(pairType: TPairType, afterMs: number, throughMs: number): Rollover[] {
  if (!(Number.isFinite(afterMs) && Number.isFinite(throughMs))) throw new RangeError('Not a time in ms');
  const found: Rollover[] = [];
  if (throughMs <= afterMs) return found;
  // Calendar dates from the day before `afterMs` (a New York date lags the UTC one) to `throughMs`.
  const start = new Date(afterMs - DAY_MS);
  let date: [number, number, number] = [start.getUTCFullYear(), start.getUTCMonth() + 1, start.getUTCDate()];
  const lastMs = Date.UTC(
    new Date(throughMs).getUTCFullYear(),
    new Date(throughMs).getUTCMonth(),
    new Date(throughMs).getUTCDate(),
  );
  while (Date.UTC(date[0], date[1] - 1, date[2]) <= lastMs) {
    const rollover = rolloverOn(pairType, ...date);
    if (rollover && rollover.atMs > afterMs && rollover.atMs <= throughMs) found.push(rollover);
    date = dayAfter(...date);
  }
  return found;
}

/** The first rollover of a pair type after `afterMs`. */
export function nextRollover(pairType: TPairType, afterMs: number): Rollover {
  const [first] = rolloversBetween(pairType, afterMs, afterMs + TRADING_DAY_SEARCH_DAYS * DAY_MS);
  if (!first) throw new Error(`${pairType} has no rollover within ${TRADING_DAY_SEARCH_DAYS} days`);
  return first;
}

/** A swap rate ("-2.5" percent a year) in units of its last decimal (-25000). */
export const swapRateUnits = (rate: string): bigint => parseScaled(rate, SWAP_RATE_SCALE);

/** The denominator of a charge: percent (100) × the rate's scale × the days of the year. */
const chargeDivisor = (pairType: TPairType) =>
  100n * 10n ** BigInt(SWAP_RATE_SCALE) * BigInt(SWAP_DAYS_PER_YEAR[pairType]);

/**
 * One rollover's swap on a position of `amountCents`: amount × rate ÷ 100 ÷ days of the year ×
 * days charged, in cents, rounded down: a charge rounds away from zero and a credit toward it, so
 * the holder never gains a fraction of a cent. Negative: charged to the holder.
 */
export function swapCharge(
  pairType: TPairType,
  amountCents: bigint,
  rateUnits: bigint,
  days: number,
): bigint {
  return mulDivFloor(amountCents * rateUnits, BigInt(days), chargeDivisor(pairType));
}

/** The rate a position pays or earns: the pair's long rate for a buy, its short rate for a sell. */
export const swapRateOf = (side: TSide, pair: { swapLong: string; swapShort: string }) =>
  swapRateUnits(side === 'buy' ? pair.swapLong : pair.swapShort);

/**
 * The same charge in SQL, for the statement that adds it to a position as locked (its amount is
 * the one a partial close committed first left): `floor(amount × rate × days ÷ divisor)`.
 */
export const swapChargeSql = (pairType: TPairType) => ({
  divisor: chargeDivisor(pairType).toString(),
});

/** The part of a position's accumulated swap that a partial close of `partCents` takes with it. */
export function swapShare(swapCents: bigint, partCents: bigint, amountCents: bigint): bigint {
  if (partCents >= amountCents) return swapCents;
  // Rounded down: the part settles no less of a charge (and no more of a credit) than its share.
  return mulDivFloor(swapCents, partCents, amountCents);
}
