import { describe, expect, it } from 'vitest';
import { DAY_MS, nextRunMs } from './equity-snapshots';

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
