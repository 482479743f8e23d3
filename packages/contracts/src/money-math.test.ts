import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxBig, minBig, mulDivCeil, mulDivFloor, mulDivRound } from './money-math';

describe('integer money arithmetic', () => {
  it.each([
    [10n, 1n, 4n, 3n, 2n, 3n],
    [-10n, 1n, 4n, -3n, -3n, -2n],
    [10n, 1n, -4n, -3n, -3n, -2n],
    [7n, 1n, 2n, 4n, 3n, 4n],
    [9n, 1n, 3n, 3n, 3n, 3n],
    [0n, 5n, 7n, 0n, 0n, 0n],
  ])('%i × %i ÷ %i rounds to %i (half away), %i (floor), %i (ceil)', (a, b, c, round, floor, ceil) => {
    expect(mulDivRound(a, b, c)).toBe(round);
    expect(mulDivFloor(a, b, c)).toBe(floor);
    expect(mulDivCeil(a, b, c)).toBe(ceil);
  });

  it('refuses a division by zero', () => {
    expect(() => mulDivRound(1n, 1n, 0n)).toThrow(RangeError);
    expect(() => mulDivFloor(1n, 1n, 0n)).toThrow(RangeError);
  });

  it('brackets the exact quotient: floor ≤ round ≤ ceil, at most one apart', () => {
    fc.assert(
      fc.property(
        fc.bigInt(-(10n ** 18n), 10n ** 18n),
        fc.bigInt(-(10n ** 6n), 10n ** 6n),
        fc.bigInt(1n, 10n ** 9n),
        (a, b, c) => {
          const floor = mulDivFloor(a, b, c);
          const ceil = mulDivCeil(a, b, c);
          const round = mulDivRound(a, b, c);
          expect(floor <= round && round <= ceil && ceil - floor <= 1n).toBe(true);
          expect(floor * c <= a * b && a * b <= ceil * c).toBe(true);
        },
      ),
    );
  });

  it('picks the larger and the smaller', () => {
    expect(maxBig(1n, 2n)).toBe(2n);
    expect(minBig(1n, 2n)).toBe(1n);
  });
});
