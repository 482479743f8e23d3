/**
 * The US stock exchanges' calendar (NYSE and Nasdaq share it), computed from the exchanges' rules
 * rather than typed in, so it holds for any year:
 *
 * - Closed: New Year's Day, Martin Luther King Jr. Day (third Monday of January), Washington's
 *   Birthday (third Monday of February), Good Friday, Memorial Day (last Monday of May), Juneteenth
 *   (from 2022), Independence Day, Labor Day (first Monday of September), Thanksgiving (fourth
 *   Thursday of November) and Christmas Day. A fixed-date holiday on a Saturday is kept on the
 *   Friday before, on a Sunday on the Monday after; New Year's Day on a Saturday is not moved (the
 *   year's last trading day stays open).
 * - Closing at 13:00 New York time: the day after Thanksgiving, and Christmas Eve and the day
 *   before Independence Day when they fall Monday to Thursday (on a Friday each is the holiday kept).
 */

import { BoundedMap } from '../../platform/bounded';

export interface ExchangeDay {
  name: string;
  kind: 'closed' | 'early-close';
}

/** Minute of the day the exchanges close on an early-close day: 13:00. */
export const EARLY_CLOSE_MINUTE = 13 * 60;
const JUNETEENTH_FIRST_YEAR = 2022;

const SATURDAY = 6;
const SUNDAY = 0;
const MONDAY = 1;
const THURSDAY = 4;

/** `YYYY-MM-DD` of a calendar date (month 1–12). */
export const dateKey = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

const weekdayOf = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).getUTCDay();

/** The `nth` (1-based) `weekday` of a month, or the last one when `nth` is -1. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): number {
  if (nth > 0) {
    const first = weekdayOf(year, month, 1);
    return 1 + ((weekday - first + 7) % 7) + (nth - 1) * 7;
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return lastDay - ((weekdayOf(year, month, lastDay) - weekday + 7) % 7);
}

/** Easter Sunday of the Gregorian calendar (the anonymous Gregorian algorithm), as [month, day]. */
export function easterSunday(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

/** A date `days` away, as [year, month, day]. */
function shifted(year: number, month: number, day: number, days: number): [number, number, number] {
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}

/** Years whose calendar is kept: the current one and its neighbours, with room for charts' past. */
const YEARS_KEPT = 16;
const cache = new BoundedMap<number, ReadonlyMap<string, ExchangeDay>>(YEARS_KEPT);

/** The year's holidays and early closes, by `YYYY-MM-DD` (a kept holiday may fall in the year before). */
export function exchangeDaysOf(year: number): ReadonlyMap<string, ExchangeDay> {
  const cached = cache.get(year);
  if (cached) return cached;
  const days = new Map<string, ExchangeDay>();
  const closed = (name: string, [y, m, d]: [number, number, number]) =>
    days.set(dateKey(y, m, d), { name, kind: 'closed' });
  /** A fixed-date holiday, kept on the nearest weekday. */
  const fixed = (name: string, month: number, day: number) => {
    const weekday = weekdayOf(year, month, day);
    if (weekday === SATURDAY) closed(name, shifted(year, month, day, -1));
    else if (weekday === SUNDAY) closed(name, shifted(year, month, day, 1));
    else closed(name, [year, month, day]);
  };
  const earlyClose = (name: string, [y, m, d]: [number, number, number]) =>
    days.set(dateKey(y, m, d), { name, kind: 'early-close' });
  /** An early close on a fixed date, kept only from Monday to Thursday. */
  const early = (name: string, month: number, day: number) => {
    const weekday = weekdayOf(year, month, day);
    if (weekday >= MONDAY && weekday <= THURSDAY) earlyClose(name, [year, month, day]);
  };

  const newYear = weekdayOf(year, 1, 1);
  if (newYear === SUNDAY) closed("New Year's Day", [year, 1, 2]);
  else if (newYear !== SATURDAY) closed("New Year's Day", [year, 1, 1]);
  closed('Martin Luther King Jr. Day', [year, 1, nthWeekday(year, 1, MONDAY, 3)]);
  closed("Washington's Birthday", [year, 2, nthWeekday(year, 2, MONDAY, 3)]);
  const [easterMonth, easterDay] = easterSunday(year);
  closed('Good Friday', shifted(year, easterMonth, easterDay, -2));
  closed('Memorial Day', [year, 5, nthWeekday(year, 5, MONDAY, -1)]);
  if (year >= JUNETEENTH_FIRST_YEAR) fixed('Juneteenth', 6, 19);
  fixed('Independence Day', 7, 4);
  early('Independence Day', 7, 3);
  closed('Labor Day', [year, 9, nthWeekday(year, 9, MONDAY, 1)]);
  const thanksgiving = nthWeekday(year, 11, THURSDAY, 4);
  closed('Thanksgiving Day', [year, 11, thanksgiving]);
  // The day after Thanksgiving is always a Friday, and always closes early.
  earlyClose('Day after Thanksgiving', [year, 11, thanksgiving + 1]);
  fixed('Christmas Day', 12, 25);
  early('Christmas Eve', 12, 24);

  cache.set(year, days);
  return days;
}

/** What the exchanges do on a New York calendar date, if it is not an ordinary day. */
export function exchangeDay(year: number, month: number, day: number): ExchangeDay | undefined {
  return exchangeDaysOf(year).get(dateKey(year, month, day));
}
