import { describe, expect, it } from 'vitest';
import { isAtOrBelow, marginLevel, marginZone } from './margin-level';

describe('the margin level', () => {
  it('is equity ÷ margin × 100 with 2 decimals, rounded down, and none without margin', () => {
    expect(marginLevel(997_500n, 500_000n)).toBe('199.50');
    expect(marginLevel(1n, 3n)).toBe('33.33');
    expect(marginLevel(2n, 3n)).toBe('66.66');
    expect(marginLevel(-100n, 1_000n)).toBe('-10.00');
    expect(marginLevel(0n, 1_000n)).toBe('0.00');
    expect(marginLevel(1_000n, 0n)).toBeNull();
  });

  it('compares exactly against a whole percent', () => {
    expect(isAtOrBelow(500_000n, 500_000n, 100)).toBe(true);
    expect(isAtOrBelow(500_001n, 500_000n, 100)).toBe(false);
    expect(isAtOrBelow(249_999n, 500_000n, 50)).toBe(true);
    expect(isAtOrBelow(100n, 0n, 1000)).toBe(false);
  });

  it('says how close it stands to the margin call and the stop-out', () => {
    const levels = { marginCallLevel: 100, stopOutLevel: 50 };
    expect(marginZone(null, levels)).toBe('none');
    expect(marginZone('300.00', levels)).toBe('safe');
    expect(marginZone('120.00', levels)).toBe('near');
    expect(marginZone('100.00', levels)).toBe('call');
    expect(marginZone('50.00', levels)).toBe('stop');
    expect(marginZone('-5.00', levels)).toBe('stop');
  });
});
