// When each kind of market is open, by New York time: crypto always, forex Sunday 17:00 to Friday
// 17:00 less its year-end holidays, US stocks in the regular session on exchange days. Says why a
// market is closed and when it next opens; orders fill only while their market is open.
import type { TPairType } from '@td/contracts/statuses';
import { BoundedMap } from '../../platform/bounded';
import { FRIDAY, MINUTE_MS, SATURDAY, SUNDAY } from '../../platform/time-units';
import { EARLY_CLOSE_MINUTE, type ExchangeDay, exchangeDay } from './us-calendar';

const HOUR_MINUTES = 60;

// The usual FX week: it opens Sunday 17:00 and closes Friday 17:00, New York time; it also closes
// for Christmas Day and New Year's Day, each the FX day from 17:00 the evening before.
export const FOREX_ROLLOVER_MINUTE = 17 * HOUR_MINUTES;
// Regular session of the US stock exchanges, on the days their calendar (us-calendar.ts) opens.
export const STOCKS_OPEN_MINUTE = 9 * HOUR_MINUTES + 30;
export const STOCKS_CLOSE_MINUTE = 16 * HOUR_MINUTES;

/**
 * Step of the search for the next open. Every change of state falls on a New York time that is a
 * multiple of 30 minutes (17:00, 09:30, 13:00, 16:00, midnight, the 02:00 clock change), and New York is
 * a whole number of hours off UTC, so the state is constant over each 30-minute block of UTC time.
 * A schedule with a change at any other minute must shrink this.
 */
const SEARCH_STEP_MS = 30 * MINUTE_MS;
/** The longest closure is a long weekend, Thursday 16:00 to Monday 09:30 (89.5 h); a week bounds it. */
const SEARCH_SPAN_MS = 7 * 24 * HOUR_MINUTES * MINUTE_MS;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export interface NewYorkTime {
  year: number;
  /** 1 = January … 12 = December. */
  month: number;
  day: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  minuteOfDay: number;
  /** What the US exchanges do that day, if it is not an ordinary day. */
  exchange: ExchangeDay | undefined;
}

// Built once: constructing a DateTimeFormat costs far more than using one, and this runs for every
// pair on every tick. The time zone database, not a fixed offset, decides daylight saving.
const newYorkFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  weekday: 'short',
  hour: 'numeric',
  minute: 'numeric',
  // h23, not hour12: false, which prints midnight as 24 in some engines.
  hourCycle: 'h23',
});

// The offset is a whole number of hours, so the local weekday and minute hold for a whole UTC
// minute: one cached minute answers every pair asked about within it.
let cachedMinute = Number.NaN;
let cachedTime: NewYorkTime | undefined;

export function newYorkTime(atMs: number): NewYorkTime {
  const minute = Math.floor(atMs / MINUTE_MS);
  if (minute === cachedMinute && cachedTime) return cachedTime;
  const parts: Record<string, string> = {};
  for (const part of newYorkFormat.formatToParts(atMs)) parts[part.type] = part.value;
  const weekday = WEEKDAYS.indexOf(parts.weekday as (typeof WEEKDAYS)[number]);
  const [year, month, day, hour, minuteOfHour] = [
    parts.year,
    parts.month,
    parts.day,
    parts.hour,
    parts.minute,
  ].map(Number) as [number, number, number, number, number];
  if (weekday < 0 || ![year, month, day, hour, minuteOfHour].every((n) => n >= 0)) {
    throw new Error(`Cannot read the New York time of ${atMs}`);
  }
  cachedMinute = minute;
  cachedTime = {
    year,
    month,
    day,
    weekday,
    minuteOfDay: hour * HOUR_MINUTES + minuteOfHour,
    exchange: exchangeDay(year, month, day),
  };
  return cachedTime;
}

/** Whether a market is open, and if not, why, in words for the Market tab. */
export type MarketState = { isOpen: true } | { isOpen: false; why: string };

const OPEN: MarketState = { isOpen: true };
const closed = (why: string): MarketState => ({ isOpen: false, why });
const WEEKEND = closed('Closed for the weekend');

/** The FX year-end holidays: the FX day of 25 December and of 1 January (from 17:00 the day before). */
function forexHoliday({ month, day, minuteOfDay }: NewYorkTime): string | undefined {
  const isEvening = minuteOfDay >= FOREX_ROLLOVER_MINUTE;
  if ((month === 12 && day === 24 && isEvening) || (month === 12 && day === 25 && !isEvening))
    return 'Christmas Day';
  if ((month === 12 && day === 31 && isEvening) || (month === 1 && day === 1 && !isEvening))
    return "New Year's Day";
  return undefined;
}

/** Whether orders on a pair of this type may fill at `atMs`, and if not, why. */
export function marketState(pairType: TPairType, atMs: number): MarketState {
  if (!Number.isFinite(atMs)) throw new RangeError(`Not a time in ms: ${atMs}`);
  switch (pairType) {
    case 'crp':
      return OPEN;
    case 'forex': {
      const time = newYorkTime(atMs);
      const { weekday, minuteOfDay } = time;
      if (
        weekday === SATURDAY ||
        (weekday === FRIDAY && minuteOfDay >= FOREX_ROLLOVER_MINUTE) ||
        (weekday === SUNDAY && minuteOfDay < FOREX_ROLLOVER_MINUTE)
      )
        return WEEKEND;
      const holiday = forexHoliday(time);
      return holiday ? closed(`Closed for ${holiday}`) : OPEN;
    }
    case 'stocks': {
      const { weekday, minuteOfDay, exchange } = newYorkTime(atMs);
      if (weekday === SATURDAY || weekday === SUNDAY) return WEEKEND;
      if (exchange?.kind === 'closed') return closed(`Closed for ${exchange.name}`);
      const closeMinute = exchange?.kind === 'early-close' ? EARLY_CLOSE_MINUTE : STOCKS_CLOSE_MINUTE;
      if (minuteOfDay >= STOCKS_OPEN_MINUTE && minuteOfDay < closeMinute) return OPEN;
      if (exchange?.kind === 'early-close' && minuteOfDay >= closeMinute)
        return closed(`Closed early for ${exchange.name}`);
      return closed('Closed outside trading hours');
    }
  }
}

/**
 * The 30-minute block of UTC time `atMs` falls in. Every market's state and next open are the
 * same throughout a block, so what is derived from them (the pair list's bytes) holds until it ends.
 */
export function marketStateBlock(atMs: number): number {
  return Math.floor(atMs / SEARCH_STEP_MS);
}

/** Whether orders on a pair of this type may fill at `atMs`. */
export function isMarketOpen(pairType: TPairType, atMs: number): boolean {
  return marketState(pairType, atMs).isOpen;
}

// The next open is the same from anywhere in a closed block, so each block's answer is kept: a
// list of pairs asks it for every closed pair on every request.
const NEXT_OPEN_CACHE_MAX = 64;
const nextOpenCache = new BoundedMap<string, number>(NEXT_OPEN_CACHE_MAX);

/** `atMs` when the market is open, else the instant it next opens. */
export function nextOpenMs(pairType: TPairType, atMs: number): number {
  if (isMarketOpen(pairType, atMs)) return atMs;
  const block = Math.floor(atMs / SEARCH_STEP_MS);
  const key = `${pairType}:${block}`;
  const cached = nextOpenCache.get(key);
  if (cached !== undefined) return cached;
  for (let tMs = (block + 1) * SEARCH_STEP_MS; tMs <= atMs + SEARCH_SPAN_MS; tMs += SEARCH_STEP_MS) {
    if (isMarketOpen(pairType, tMs)) {
      nextOpenCache.set(key, tMs);
      return tMs;
    }
  }
  throw new Error(`${pairType} does not open within a week of ${new Date(atMs).toISOString()}`);
}
