import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  newYorkInstant,
  nextRollover,
  rolloversBetween,
  swapCharge,
  swapRateUnits,
  swapShare,
} from './rollover';

const iso = (ms: number) => new Date(ms).toISOString();
const DAY_MS = 86_400_000;

/** The rollovers of a pair type after `from` up to `through` (ISO instants), each as [when, days]. */
const rolls = (pairType: Parameters<typeof rolloversBetween>[0], from: string, through: string) =>
  rolloversBetween(pairType, Date.parse(from), Date.parse(through)).map((r) => [iso(r.atMs), r.days]);

describe('the rollover schedule', () => {
  it('rolls forex over at 17:00 New York on weekdays, in summer and in winter time, Wednesday for three days', () => {
    // Monday 2026-06-01 to Monday 2026-06-08 (EDT: 17:00 New York is 21:00 UTC).
    expect(rolls('forex', '2026-06-01T00:00:00Z', '2026-06-08T00:00:00Z')).toEqual([
      ['2026-06-01T21:00:00.000Z', 1],
      ['2026-06-02T21:00:00.000Z', 1],
      ['2026-06-03T21:00:00.000Z', 3],
      ['2026-06-04T21:00:00.000Z', 1],
      ['2026-06-05T21:00:00.000Z', 1],
    ]);
    // EST: 17:00 New York is 22:00 UTC.
    expect(rolls('forex', '2026-01-07T00:00:00Z', '2026-01-08T00:00:00Z')).toEqual([
      ['2026-01-07T22:00:00.000Z', 3],
    ]);
  });

  it('rolls stocks over at the close of each trading day: Friday for three days, the day before a holiday for one more', () => {
    // Thanksgiving week 2026: Thursday 26 November closed, Friday 27 closes early at 13:00.
    expect(rolls('stocks', '2026-11-23T00:00:00Z', '2026-11-30T00:00:00Z')).toEqual([
      ['2026-11-23T21:00:00.000Z', 1],
      ['2026-11-24T21:00:00.000Z', 1],
      ['2026-11-25T21:00:00.000Z', 2],
      ['2026-11-27T18:00:00.000Z', 3],
    ]);
    // Good Friday 2026 (3 April): Thursday's close carries four days.
    expect(rolls('stocks', '2026-04-02T00:00:00Z', '2026-04-04T00:00:00Z')).toEqual([
      ['2026-04-02T20:00:00.000Z', 4],
    ]);
  });

  it('rolls crypto over at 00:00 UTC every day', () => {
    expect(rolls('crp', '2026-03-06T12:00:00Z', '2026-03-09T00:00:00Z')).toEqual([
      ['2026-03-07T00:00:00.000Z', 1],
      ['2026-03-08T00:00:00.000Z', 1],
      ['2026-03-09T00:00:00.000Z', 1],
    ]);
  });

  it('takes the rollovers after the start up to and including the end, once each, and sums to the days elapsed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('crp' as const, 'forex' as const, 'stocks' as const),
        fc.integer({ min: Date.parse('2024-01-01T00:00:00Z'), max: Date.parse('2030-01-01T00:00:00Z') }),
        fc.integer({ min: 0, max: 20 * DAY_MS }),
        fc.integer({ min: 1, max: 20 * DAY_MS }),
        (type, start, first, second) => {
          const whole = rolloversBetween(type, start, start + first + second);
          const parts = [
            ...rolloversBetween(type, start, start + first),
            ...rolloversBetween(type, start + first, start + first + second),
          ];
          expect(parts).toEqual(whole);
          for (const rollover of whole) {
            expect(rollover.atMs).toBeGreaterThan(start);
            expect(rollover.atMs).toBeLessThanOrEqual(start + first + second);
          }
          const times = whole.map((r) => r.atMs);
          expect([...times].sort((a, b) => a - b)).toEqual(times);
          expect(new Set(times).size).toBe(times.length);
        },
      ),
    );
  });

  it('charges seven days a week on every type', () => {
    for (const type of ['crp', 'forex', 'stocks'] as const) {
      // An ordinary week with no holiday: 2026-06-08 is a Monday.
      const week = rolloversBetween(
        type,
        Date.parse('2026-06-08T00:00:00Z'),
        Date.parse('2026-06-15T00:00:00Z'),
      );
      expect(week.reduce((sum, r) => sum + r.days, 0)).toBe(7);
    }
  });

  it('finds the next rollover', () => {
    expect(nextRollover('forex', Date.parse('2026-06-05T21:00:00Z'))).toEqual({
      atMs: Date.parse('2026-06-08T21:00:00Z'),
      days: 1,
    });
    expect(iso(newYorkInstant(2026, 3, 8, 17 * 60))).toBe('2026-03-08T21:00:00.000Z');
  });
});

describe('the swap charge', () => {
  it('is amount × rate ÷ 100 ÷ days of the year × days, in cents', () => {
    // 100,000.00 USD at -3.65 % on crypto: 10.00 USD a day.
    expect(swapCharge('crp', 10_000_000n, swapRateUnits('-3.65'), 1)).toBe(-1000n);
    // 100,000.00 USD at 3.6 % on forex, Wednesday: 30.00 USD.
    expect(swapCharge('forex', 10_000_000n, swapRateUnits('3.6'), 3)).toBe(3000n);
    expect(swapCharge('stocks', 10_000_000n, 0n, 3)).toBe(0n);
  });

  it('never rounds in the holder’s favour', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('crp' as const, 'forex' as const, 'stocks' as const),
        fc.bigInt({ min: 1n, max: 10_000_000_000n }),
        fc.bigInt({ min: -1_000_000n, max: 1_000_000n }),
        fc.integer({ min: 1, max: 4 }),
        (type, amount, rate, days) => {
          const charge = swapCharge(type, amount, rate, days);
          const divisor = 100n * 10_000n * (type === 'crp' ? 365n : 360n);
          const exact = amount * rate * BigInt(days);
          // charge ≤ exact < charge + 1 (in cents × divisor).
          expect(charge * divisor <= exact).toBe(true);
          expect(exact < (charge + 1n) * divisor).toBe(true);
        },
      ),
    );
  });

  it('splits between the parts of a partial close without losing a cent', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -1_000_000n, max: 1_000_000n }),
        fc.bigInt({ min: 2n, max: 10_000_000n }),
        fc.integer({ min: 1, max: 99 }),
        (swap, amount, percent) => {
          const part = (amount * BigInt(percent)) / 100n || 1n;
          const share = swapShare(swap, part, amount);
          const rest = swap - share;
          // The part takes no less of a charge and no more of a credit than its share.
          expect(share * amount <= swap * part).toBe(true);
          expect(share + rest).toBe(swap);
          expect(swapShare(swap, amount, amount)).toBe(swap);
        },
      ),
    );
  });
});
