import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMarketOpen, marketState, nextOpenMs } from './market-hours';
import { exchangeDay } from './us-calendar';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const at = (iso: string) => Date.parse(iso);

// Daylight saving in 2025: New York went from EST (UTC-5) to EDT (UTC-4) on Sunday 9 March at
// 02:00 local (07:00 UTC), and back on Sunday 2 November at 02:00 local (06:00 UTC).

describe('isMarketOpen for crypto', () => {
  it('is always open, weekends and nights included', () => {
    for (const iso of [
      '2025-03-08T12:00:00Z',
      '2025-03-09T07:00:00Z',
      '2025-12-25T03:00:00Z',
      '2025-03-07T22:00:00Z',
    ]) {
      expect(isMarketOpen('crp', at(iso)), iso).toBe(true);
    }
  });
});

describe('isMarketOpen for forex', () => {
  it.each([
    ['Friday 16:59 New York in winter (21:59 UTC)', '2025-03-07T21:59:00Z', true],
    ['Friday 16:59:59.999 New York in winter', '2025-03-07T21:59:59.999Z', true],
    ['Friday 17:00 New York in winter (22:00 UTC)', '2025-03-07T22:00:00Z', false],
    ['Friday 20:00 New York, already Saturday in UTC', '2025-03-08T01:00:00Z', false],
    ['Saturday noon', '2025-03-08T17:00:00Z', false],
    ['Sunday 03:00 EDT, just after the clocks went forward', '2025-03-09T07:00:00Z', false],
    ['Sunday 16:59 EDT (20:59 UTC)', '2025-03-09T20:59:00Z', false],
    [
      'Sunday 17:00 EDT (21:00 UTC), an hour earlier in UTC than the week before',
      '2025-03-09T21:00:00Z',
      true,
    ],
    ['Wednesday at any hour', '2025-03-12T04:00:00Z', true],
    ['Friday 16:59 EDT (20:59 UTC)', '2025-03-14T20:59:00Z', true],
    ['Friday 17:00 EDT (21:00 UTC)', '2025-03-14T21:00:00Z', false],
    ['Friday 17:00 EDT before the clocks go back (21:00 UTC)', '2025-10-31T21:00:00Z', false],
    ['Sunday 01:30 EST, the repeated hour after the clocks went back', '2025-11-02T06:30:00Z', false],
    ['Sunday 16:59 EST (21:59 UTC)', '2025-11-02T21:59:00Z', false],
    ['Sunday 17:00 EST (22:00 UTC)', '2025-11-02T22:00:00Z', true],
    ['Sunday 23:00 New York, already Monday in UTC', '2025-11-03T04:00:00Z', true],
  ] as const)('%s: open = %s', (_label, iso, isOpen) => {
    expect(isMarketOpen('forex', at(iso))).toBe(isOpen);
  });
});

describe('isMarketOpen for stocks', () => {
  it.each([
    ['Monday 09:29 EDT (13:29 UTC)', '2025-03-10T13:29:00Z', false],
    ['Monday 09:29:59.999 EDT', '2025-03-10T13:29:59.999Z', false],
    ['Monday 09:30 EDT (13:30 UTC)', '2025-03-10T13:30:00Z', true],
    ['Monday 15:59 EDT (19:59 UTC)', '2025-03-10T19:59:00Z', true],
    ['Monday 16:00 EDT (20:00 UTC)', '2025-03-10T20:00:00Z', false],
    ['Friday 09:29 EST (14:29 UTC): 13:30 UTC is not yet open in winter', '2025-03-07T14:29:00Z', false],
    ['Friday 09:30 EST (14:30 UTC)', '2025-03-07T14:30:00Z', true],
    ['Friday 15:59 EST (20:59 UTC)', '2025-03-07T20:59:00Z', true],
    ['Friday 16:00 EST (21:00 UTC)', '2025-03-07T21:00:00Z', false],
    ['Saturday 11:00 EST', '2025-03-08T16:00:00Z', false],
    ['Sunday 11:00 EDT', '2025-03-09T15:00:00Z', false],
    ['Friday 09:30 EDT before the clocks go back (13:30 UTC)', '2025-10-31T13:30:00Z', true],
    ['Monday 08:45 EST after the clocks went back (13:45 UTC)', '2025-11-03T13:45:00Z', false],
    ['Monday 09:30 EST (14:30 UTC)', '2025-11-03T14:30:00Z', true],
    ['Monday 15:59 EST (20:59 UTC)', '2025-11-03T20:59:00Z', true],
    ['Monday 16:00 EST (21:00 UTC)', '2025-11-03T21:00:00Z', false],
    ['Tuesday 01:00 UTC, still Monday evening in New York', '2025-11-04T01:00:00Z', false],
  ] as const)('%s: open = %s', (_label, iso, isOpen) => {
    expect(isMarketOpen('stocks', at(iso))).toBe(isOpen);
  });

  it('answers each instant for itself when asked about several in turn', () => {
    // Same UTC minute of the day, either side of the March change: one answer must not leak into the other.
    const fridayMs = at('2025-03-07T14:00:00Z');
    const mondayMs = at('2025-03-10T14:00:00Z');
    for (let i = 0; i < 3; i++) {
      expect(isMarketOpen('stocks', fridayMs)).toBe(false);
      expect(isMarketOpen('stocks', mondayMs)).toBe(true);
      expect(isMarketOpen('forex', fridayMs)).toBe(true);
    }
  });
});

describe('isMarketOpen', () => {
  it('refuses a time that is not a number of ms', () => {
    expect(() => isMarketOpen('stocks', Number.NaN)).toThrow(RangeError);
    expect(() => isMarketOpen('crp', Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('agrees with the US daylight-saving rule of 2007 on, worked out by hand', () => {
    const pairType = fc.constantFrom('forex' as const, 'stocks' as const);
    const timeMs = fc.integer({ min: at('2008-01-01T00:00:00Z'), max: at('2099-12-31T00:00:00Z') });
    // Around the clock changes too, where a fixed offset would be wrong for an hour.
    const nearChangeMs = fc
      .tuple(
        fc.integer({ min: 2008, max: 2099 }),
        fc.boolean(),
        fc.integer({ min: -30 * HOUR_MS, max: 80 * HOUR_MS }),
      )
      .map(([year, isSpring, offsetMs]) => (isSpring ? dstStartMs(year) : dstEndMs(year)) + offsetMs);
    fc.assert(
      fc.property(pairType, fc.oneof(timeMs, nearChangeMs), (type, tMs) => {
        expect(isMarketOpen(type, tMs)).toBe(isOpenByHand(type, tMs));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the exchange calendar in the market hours', () => {
  it.each([
    ['stocks', 'Thanksgiving 2026, at noon', '2026-11-26T17:00:00Z', 'Closed for Thanksgiving Day'],
    ['stocks', 'Good Friday 2026', '2026-04-03T15:00:00Z', 'Closed for Good Friday'],
    [
      'stocks',
      'the day after Thanksgiving at 13:00 EST',
      '2026-11-27T18:00:00Z',
      'Closed early for Day after Thanksgiving',
    ],
    ['stocks', 'a Saturday', '2026-11-28T15:00:00Z', 'Closed for the weekend'],
    ['stocks', 'a Tuesday evening', '2026-11-24T23:00:00Z', 'Closed outside trading hours'],
    ['forex', 'Christmas Eve at 17:00 EST', '2026-12-24T22:00:00Z', 'Closed for Christmas Day'],
    ['forex', 'New Year’s Day morning 2027', '2027-01-01T14:00:00Z', "Closed for New Year's Day"],
  ] as const)('%s: %s', (type, _label, iso, why) => {
    expect(marketState(type, at(iso))).toEqual({ isOpen: false, why });
  });

  it.each([
    ['stocks', 'the day after Thanksgiving at 12:59 EST', '2026-11-27T17:59:00Z'],
    ['stocks', 'Christmas Eve 2026 before 13:00', '2026-12-24T17:30:00Z'],
    ['forex', 'Christmas Day 2025 (a Thursday) at 17:00 EST, the next FX day', '2025-12-25T22:00:00Z'],
    ['forex', 'Thanksgiving (forex keeps trading)', '2026-11-26T17:00:00Z'],
  ] as const)('%s: %s is open', (type, _label, iso) => {
    expect(marketState(type, at(iso))).toEqual({ isOpen: true });
  });

  it('opens stocks after a long weekend on the Tuesday', () => {
    // Good Friday 2027 is 26 March: closed Thursday 16:00 EDT until Monday 29 March 09:30 EDT.
    expect(nextOpenMs('stocks', at('2027-03-25T20:00:00Z'))).toBe(at('2027-03-29T13:30:00Z'));
    // Christmas 2026 is a Friday: from Christmas Eve's early close to Monday 28 December 09:30 EST.
    expect(nextOpenMs('stocks', at('2026-12-24T18:00:00Z'))).toBe(at('2026-12-28T14:30:00Z'));
  });
});

describe('nextOpenMs', () => {
  it('is the instant itself while the market is open', () => {
    const tMs = at('2025-03-10T15:17:23.456Z');
    expect(nextOpenMs('stocks', tMs)).toBe(tMs);
    expect(nextOpenMs('forex', tMs)).toBe(tMs);
    expect(nextOpenMs('crp', at('2025-03-08T12:00:00Z'))).toBe(at('2025-03-08T12:00:00Z'));
  });

  it.each([
    ['stocks', 'half a minute before the bell', '2025-03-10T13:29:30Z', '2025-03-10T13:30:00Z'],
    [
      'stocks',
      'at the Friday close, over a weekend with a clock change',
      '2025-03-07T21:00:00Z',
      '2025-03-10T13:30:00Z',
    ],
    ['stocks', 'on a Saturday', '2025-03-08T16:00:00Z', '2025-03-10T13:30:00Z'],
    ['stocks', 'after the close on a weekday', '2025-03-11T22:10:00Z', '2025-03-12T13:30:00Z'],
    ['stocks', 'early Monday after the clocks went back', '2025-11-03T13:45:00Z', '2025-11-03T14:30:00Z'],
    [
      'forex',
      'at the Friday close, over the November change',
      '2025-10-31T21:00:00Z',
      '2025-11-02T22:00:00Z',
    ],
    ['forex', 'on the Saturday before the March change', '2025-03-08T12:00:00Z', '2025-03-09T21:00:00Z'],
    ['forex', 'a minute before Sunday 17:00', '2025-01-12T21:59:00Z', '2025-01-12T22:00:00Z'],
  ] as const)('%s %s: from %s opens at %s', (type, _label, fromIso, openIso) => {
    expect(nextOpenMs(type, at(fromIso))).toBe(at(openIso));
  });

  it('finds the first open instant, with the market closed every minute before it', () => {
    const pairType = fc.constantFrom('forex' as const, 'stocks' as const);
    const timeMs = fc.integer({ min: at('2020-01-01T00:00:00Z'), max: at('2030-01-01T00:00:00Z') });
    fc.assert(
      fc.property(pairType, timeMs, (type, fromMs) => {
        const openMs = nextOpenMs(type, fromMs);
        expect(openMs).toBeGreaterThanOrEqual(fromMs);
        expect(isMarketOpen(type, openMs)).toBe(true);
        if (openMs === fromMs) return;
        expect(isMarketOpen(type, openMs - 1)).toBe(false);
        for (let tMs = fromMs; tMs < openMs; tMs += MINUTE_MS) expect(isMarketOpen(type, tMs)).toBe(false);
      }),
      { numRuns: 60 },
    );
    // Each run walks every minute of a closed stretch (a weekend is ~3,900 of them).
  }, 30_000);
});

/** 02:00 EST on the second Sunday of March, in UTC. */
function dstStartMs(year: number): number {
  return nthSundayMs(year, 2, 2) + 7 * HOUR_MS;
}

/** 02:00 EDT on the first Sunday of November, in UTC. */
function dstEndMs(year: number): number {
  return nthSundayMs(year, 10, 1) + 6 * HOUR_MS;
}

function nthSundayMs(year: number, month: number, nth: number): number {
  const firstMs = Date.UTC(year, month, 1);
  const firstSunday = 1 + ((7 - new Date(firstMs).getUTCDay()) % 7);
  return Date.UTC(year, month, firstSunday + 7 * (nth - 1));
}

function isOpenByHand(type: 'forex' | 'stocks', tMs: number): boolean {
  const year = new Date(tMs).getUTCFullYear();
  const isSummer = tMs >= dstStartMs(year) && tMs < dstEndMs(year);
  const local = new Date(tMs - (isSummer ? 4 : 5) * HOUR_MS);
  const weekday = local.getUTCDay();
  const minuteOfDay = local.getUTCHours() * 60 + local.getUTCMinutes();
  const [month, day] = [local.getUTCMonth() + 1, local.getUTCDate()];
  if (type === 'stocks') {
    // The holidays and early closes themselves are checked date by date in us-calendar.test.ts.
    const exchange = exchangeDay(local.getUTCFullYear(), month, day);
    if (exchange?.kind === 'closed') return false;
    const closeMinute = exchange?.kind === 'early-close' ? 13 * 60 : 16 * 60;
    return weekday >= 1 && weekday <= 5 && minuteOfDay >= 9 * 60 + 30 && minuteOfDay < closeMinute;
  }
  const isEvening = minuteOfDay >= 17 * 60;
  const isYearEndHoliday =
    (month === 12 && ((day === 24 && isEvening) || (day === 25 && !isEvening))) ||
    (month === 12 && day === 31 && isEvening) ||
    (month === 1 && day === 1 && !isEvening);
  if (isYearEndHoliday) return false;
  if (weekday === 6) return false;
  if (weekday === 5) return minuteOfDay < 17 * 60;
  if (weekday === 0) return minuteOfDay >= 17 * 60;
  return true;
}
