import { describe, expect, it } from 'vitest';
import { isInTfaCoolingOff, requireTfaCoolingOff } from './tfa-cooling-off';

const HOUR_MS = 3_600_000;
const NOW = Date.parse('2026-03-01T12:00:00Z');
const at = (hoursAgo: number) => new Date(NOW - hoursAgo * HOUR_MS);

describe('the cooling-off after two-factor is turned on', () => {
  it('lets a reset remove two-factor only while it is on and less than 24 hours old', () => {
    expect(isInTfaCoolingOff({ tfaEnabled: true, tfaChangedAt: at(0) }, NOW)).toBe(true);
    expect(isInTfaCoolingOff({ tfaEnabled: true, tfaChangedAt: at(23.99) }, NOW)).toBe(true);
    expect(isInTfaCoolingOff({ tfaEnabled: true, tfaChangedAt: at(24) }, NOW)).toBe(false);
    expect(isInTfaCoolingOff({ tfaEnabled: true, tfaChangedAt: null }, NOW)).toBe(false);
    // Off (turned off an hour ago): nothing to remove.
    expect(isInTfaCoolingOff({ tfaEnabled: false, tfaChangedAt: at(1) }, NOW)).toBe(false);
  });

  it('refuses outside the window with a 400 naming removeTwoFactor', () => {
    let error: unknown;
    try {
      requireTfaCoolingOff({ tfaEnabled: true, tfaChangedAt: new Date(Date.now() - 48 * HOUR_MS) });
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ status: 400, details: [{ field: 'body.removeTwoFactor' }] });
  });
});
