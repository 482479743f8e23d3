import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatScaled, isDecimal, parseScaled } from './decimal';

describe('formatScaled', () => {
  it.each([
    [12345n, 2, '123.45'],
    [5n, 2, '0.05'],
    [-5n, 2, '-0.05'],
    [0, 4, '0.0000'],
    [100, 0, '100'],
    [-123456789012345678901234567890n, 8, '-1234567890123456789012.34567890'],
  ])('formats %s at scale %i as %s', (value, scale, expected) => {
    expect(formatScaled(value, scale)).toBe(expected);
  });

  it('refuses a float', () => {
    expect(() => formatScaled(1.5, 2)).toThrow(RangeError);
  });
});

describe('parseScaled', () => {
  it.each([
    ['123.45', 2, 12345n],
    ['0.05', 2, 5n],
    ['-0.05', 2, -5n],
    ['7', 2, 700n],
    ['7.1', 4, 71000n],
    [' 12.30 ', 2, 1230n],
  ])('parses %s at scale %i exactly', (text, scale, expected) => {
    expect(parseScaled(text, scale)).toBe(expected);
  });

  it('refuses more decimals than the scale unless told how to round', () => {
    expect(() => parseScaled('1.005', 2)).toThrow(/more than 2 decimals/);
    expect(parseScaled('1.005', 2, 'down')).toBe(100n);
    expect(parseScaled('1.005', 2, 'half-up')).toBe(101n);
    expect(parseScaled('1.004', 2, 'half-up')).toBe(100n);
    expect(parseScaled('-1.005', 2, 'half-up')).toBe(-101n);
    expect(parseScaled('1.0000', 2)).toBe(100n);
  });

  it.each(['', '1e5', '1.', '.5', 'abc', '1,5', '--1', 'NaN', 'Infinity'])('refuses %j', (text) => {
    expect(() => parseScaled(text, 2)).toThrow(RangeError);
  });

  it('round-trips every integer at every scale', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.integer({ min: 0, max: 12 }),
        (value, scale) => {
          expect(parseScaled(formatScaled(value, scale), scale)).toBe(value);
        },
      ),
    );
  });
});

describe('isDecimal', () => {
  it('tells plain decimals within a scale', () => {
    expect(isDecimal('1.25')).toBe(true);
    expect(isDecimal('1.255', 2)).toBe(false);
    expect(isDecimal('1e3')).toBe(false);
  });
});
