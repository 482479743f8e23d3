import type { TPairType } from '@td/contracts/statuses';

const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;

// The usual FX week: it opens Sunday 17:00 and closes Friday 17:00, New York time.
const FOREX_ROLLOVER_MINUTE = 17 * HOUR_MINUTES;
// Regular session of the US stock exchanges; no holiday calendar.
const STOCKS_OPEN_MINUTE = 9 * HOUR_MINUTES + 30;
const STOCKS_CLOSE_MINUTE = 16 * HOUR_MINUTES;

/**
 * Step of the search for the next open. Every change of state falls on a New York time that is a
 * multiple of 30 minutes (17:00, 09:30, 16:00, midnight, the 02:00 clock change), and New York is
 * a whole number of hours off UTC, so the state is constant over each 30-minute block of UTC time.
 * A schedule with a change at any other minute must shrink this.
 */
const SEARCH_STEP_MS = 30 * MINUTE_MS;
/** The longest closure is the stocks weekend, Friday 16:00 to Monday 09:30 (66.5 h); a week bounds it. */
const SEARCH_SPAN_MS = 7 * 24 * HOUR_MINUTES * MINUTE_MS;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const SUNDAY = 0;
const FRIDAY = 5;
const SATURDAY = 6;

interface NewYorkTime {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  minuteOfDay: number;
}

// Built once: constructing a DateTimeFormat costs far more than using one, and this runs for every
// pair on every tick. The time zone database, not a fixed offset, decides daylight saving.
const newYorkFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'short',
  hour: 'numeric',
  minute: 'numeric',
  // h23, not hour12: false, which prints midnight as 24 in some engines.
  hourCycle: 'h23',
});

// The offset is a whole number of hours, so the local weekday and minute hold for a whole UTC
// minute: one cached minute answers every pair asked about within it.
let cachedMinute = Number.NaN;
let cachedTime: NewYorkTime = { weekday: 0, minuteOfDay: 0 };

function newYorkTime(atMs: number): NewYorkTime {
  const minute = Math.floor(atMs / MINUTE_MS);
  if (minute === cachedMinute) return cachedTime;
  let weekday = -1;
  let hour = -1;
  let minuteOfHour = -1;
  for (const part of newYorkFormat.formatToParts(atMs)) {
    if (part.type === 'weekday') weekday = WEEKDAYS.indexOf(part.value as (typeof WEEKDAYS)[number]);
    else if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') minuteOfHour = Number(part.value);
  }
  if (weekday < 0 || !(hour >= 0) || !(minuteOfHour >= 0)) {
    throw new Error(`Cannot read the New York time of ${atMs}`);
  }
  cachedMinute = minute;
  cachedTime = { weekday, minuteOfDay: hour * HOUR_MINUTES + minuteOfHour };
  return cachedTime;
}

/** Whether orders on a pair of this type may fill at `atMs`. */
export function isMarketOpen(pairType: TPairType, atMs: number): boolean {
  if (!Number.isFinite(atMs)) throw new RangeError(`Not a time in ms: ${atMs}`);
  switch (pairType) {
    case 'crp':
      return true;
    case 'forex': {
      const { weekday, minuteOfDay } = newYorkTime(atMs);
      if (weekday === SATURDAY) return false;
      if (weekday === FRIDAY) return minuteOfDay < FOREX_ROLLOVER_MINUTE;
      if (weekday === SUNDAY) return minuteOfDay >= FOREX_ROLLOVER_MINUTE;
      return true;
    }
    case 'stocks': {
      const { weekday, minuteOfDay } = newYorkTime(atMs);
      if (weekday === SATURDAY || weekday === SUNDAY) return false;
      return minuteOfDay >= STOCKS_OPEN_MINUTE && minuteOfDay < STOCKS_CLOSE_MINUTE;
    }
  }
}

/** `atMs` when the market is open, else the instant it next opens. */
export function nextOpenMs(pairType: TPairType, atMs: number): number {
  if (isMarketOpen(pairType, atMs)) return atMs;
  const firstMs = Math.floor(atMs / SEARCH_STEP_MS) * SEARCH_STEP_MS + SEARCH_STEP_MS;
  for (let tMs = firstMs; tMs <= atMs + SEARCH_SPAN_MS; tMs += SEARCH_STEP_MS) {
    if (isMarketOpen(pairType, tMs)) return tMs;
  }
  throw new Error(`${pairType} does not open within a week of ${new Date(atMs).toISOString()}`);
}
