import type { TPairType } from '@td/contracts/statuses';
import { DAY_MS, MINUTE_MS } from '../../platform/time-units';
import { isMarketOpen, newYorkTime, nextOpenMs } from './market-hours';

/** Every end of a trading day (17:00 New York, the stock close, midnight UTC) falls on a half hour of UTC. */
const STEP_MS = 30 * MINUTE_MS;
const FOREX_DAY_END_MINUTE = 17 * 60;
/** Past a week, no market is without an end of day: a longer search is a broken calendar. */
const SEARCH_SPAN_MS = 8 * DAY_MS;

/** The first half hour of UTC strictly after `atMs` at which `isEnd` holds. */
function firstAfter(atMs: number, isEnd: (tMs: number) => boolean): number {
  for (let tMs = (Math.floor(atMs / STEP_MS) + 1) * STEP_MS; tMs <= atMs + SEARCH_SPAN_MS; tMs += STEP_MS) {
    if (isEnd(tMs)) return tMs;
  }
  throw new Error(`No end of a trading day within a week of ${new Date(atMs).toISOString()}`);
}

/**
 * When the trading day of a pair of this type that is under way at `atMs` ends (the next one, when
 * its market is shut): crypto at 00:00 UTC, forex at 17:00 New York, stocks at the US close (13:00
 * on an early-close day). What a `day` order's `expiresAt` is set to at placement.
 */
export function tradingDayEndMs(pairType: TPairType, atMs: number): number {
  if (!Number.isFinite(atMs)) throw new RangeError(`Not a time in ms: ${atMs}`);
  switch (pairType) {
    case 'crp':
      return (Math.floor(atMs / DAY_MS) + 1) * DAY_MS;
    case 'forex':
      return firstAfter(atMs, (tMs) => newYorkTime(tMs).minuteOfDay === FOREX_DAY_END_MINUTE);
    case 'stocks':
      return firstAfter(nextOpenMs(pairType, atMs), (tMs) => !isMarketOpen(pairType, tMs));
  }
}
