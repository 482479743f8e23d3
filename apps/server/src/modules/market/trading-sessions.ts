import type { TPairType } from '@td/contracts/statuses';
import { DAY_MS, MINUTE_MS } from '../../platform/time-units';
import { isMarketOpen } from './market-hours';
import { dateKey, exchangeDaysOf } from './us-calendar';

/**
 * Every change of a market's state falls on a 30-minute block of UTC time (see market-hours.ts),
 * so the state read at the start of each block holds for the whole block.
 */
const BLOCK_MS = 30 * MINUTE_MS;
/** Calendar days searched for the next holiday: past a year, the next year's first is found. */
const HOLIDAY_SEARCH_DAYS = 400;

export interface TradingSession {
  opensAtMs: number;
  closesAtMs: number;
}

/** The stretches a market is open between `fromMs` and `toMs` (cut at both ends), oldest first. */
export function tradingSessions(pairType: TPairType, fromMs: number, toMs: number): TradingSession[] {
  const sessions: TradingSession[] = [];
  let openSince: number | undefined = isMarketOpen(pairType, fromMs) ? fromMs : undefined;
  for (
    let blockMs = Math.floor(fromMs / BLOCK_MS) * BLOCK_MS + BLOCK_MS;
    blockMs < toMs;
    blockMs += BLOCK_MS
  ) {
    const isOpen = isMarketOpen(pairType, blockMs);
    if (isOpen && openSince === undefined) openSince = blockMs;
    if (!isOpen && openSince !== undefined) {
      sessions.push({ opensAtMs: openSince, closesAtMs: blockMs });
      openSince = undefined;
    }
  }
  if (openSince !== undefined) sessions.push({ opensAtMs: openSince, closesAtMs: toMs });
  return sessions;
}

export interface Holiday {
  /** `YYYY-MM-DD`, New York's calendar. */
  date: string;
  name: string;
  kind: 'closed' | 'early-close';
}

/**
 * The next day (from the New York date of `atMs`) a market closes, or closes early, for a holiday:
 * the US exchanges' calendar for stocks, Christmas Day and New Year's Day for forex, none for crypto.
 */
export function nextHoliday(pairType: TPairType, atMs: number): Holiday | undefined {
  if (pairType === 'crp') return undefined;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(atMs);
  for (let day = 0; day < HOLIDAY_SEARCH_DAYS; day++) {
    const date = new Date(Date.parse(`${today}T12:00:00Z`) + day * DAY_MS);
    const [year, month, dayOfMonth] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const key = dateKey(year, month, dayOfMonth);
    if (pairType === 'forex') {
      if (month === 12 && dayOfMonth === 25) return { date: key, name: 'Christmas Day', kind: 'closed' };
      if (month === 1 && dayOfMonth === 1) return { date: key, name: "New Year's Day", kind: 'closed' };
      continue;
    }
    const exchange = exchangeDaysOf(year).get(key);
    if (exchange) return { date: key, ...exchange };
  }
  return undefined;
}
