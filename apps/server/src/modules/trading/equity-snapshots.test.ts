import { describe, expect, it } from 'vitest';
import { DAY_MS, dayPoints, nextRunMs } from './equity-snapshots';

describe('equity snapshot schedule', () => {
  const midnight = Date.UTC(2026, 10, 21);

  it('runs at the next quarter hour during the day', () => {
    expect(nextRunMs(midnight + 60_000)).toBe(midnight + 15 * 60_000);
    expect(nextRunMs(midnight + 15 * 60_000)).toBe(midnight + 30 * 60_000);
  });

  it("closes the day 30 s before midnight, then starts the next day's figure after it", () => {
    expect(nextRunMs(midnight + DAY_MS - 10 * 60_000)).toBe(midnight + DAY_MS - 30_000);
    expect(nextRunMs(midnight + DAY_MS - 30_000)).toBe(midnight + DAY_MS);
    expect(nextRunMs(midnight + DAY_MS - 5_000)).toBe(midnight + DAY_MS);
  });
});

describe("today's points of the equity curve", () => {
  const t0 = Date.UTC(2026, 10, 21, 9);

  it('starts at the demo money, steps with each fee and result, and ends at the equity now', () => {
    const moves = [
      { tMs: t0, kind: 'demo_grant', netCents: 1_000_000n },
      { tMs: t0 + 60_000, kind: 'order_open', netCents: -50n },
      // Margin held and released: the balance does not move.
      { tMs: t0 + 61_000, kind: 'margin_hold', netCents: 0n },
      { tMs: t0 + 120_000, kind: 'order_close', netCents: 2_500n },
    ];
    expect(dayPoints(moves, 1_002_450n, t0 + 300_000, 1_002_100n)).toEqual([
      { t: t0, cents: 1_000_000n },
      { t: t0 + 60_000, cents: 999_950n },
      { t: t0 + 120_000, cents: 1_002_450n },
      { t: t0 + 300_000, cents: 1_002_100n },
    ]);
  });

  it('shows the balance before the first move of a day that began with money', () => {
    expect(
      dayPoints([{ tMs: t0, kind: 'order_open', netCents: -50n }], 99_950n, t0 + 5_000, 99_900n),
    ).toEqual([
      { t: t0 - 1000, cents: 100_000n },
      { t: t0, cents: 99_950n },
      { t: t0 + 5_000, cents: 99_900n },
    ]);
  });

  it('keeps one point per second, the latest, and only the equity now on a quiet day', () => {
    const moves = [
      { tMs: t0 + 100, kind: 'demo_grant', netCents: 1_000_000n },
      { tMs: t0 + 400, kind: 'order_open', netCents: -50n },
    ];
    expect(dayPoints(moves, 999_950n, t0 + 900, 999_940n)).toEqual([{ t: t0 + 900, cents: 999_940n }]);
    expect(dayPoints([], 5n, t0, 5n)).toEqual([{ t: t0, cents: 5n }]);
  });
});
