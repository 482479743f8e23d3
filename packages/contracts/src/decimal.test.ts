import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DECIMAL_TEXT_LENGTH_MAX,
  formatScaled,
  isDecimal,
  parseScaled,
  ZDecimalString,
  ZWholeNumber,
} from './decimal';

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

describe('ZDecimalString', () => {
  const ZPrice = ZDecimalString('Price', { scale: 2, max: '1000' });
  const messageOf = (value: unknown) => ZPrice.safeParse(value).error?.issues[0]?.message;

  it.each([
    ['0', '0'],
    [' 12.5 ', '12.5'],
    ['1000', '1000'],
    ['1000.00', '1000.00'],
    [12.5, '12.5'],
  ])('takes %j as %j', (value, expected) => {
    expect(ZPrice.parse(value)).toBe(expected);
  });

  it.each([
    ['1000.01', 'Price must be at most 1000'],
    ['9'.repeat(40), 'Price must be at most 1000'],
    ['9'.repeat(DECIMAL_TEXT_LENGTH_MAX + 1), 'Price is too long'],
    ['1.005', 'Price must be a positive number with at most 2 decimals'],
    ['-1', 'Price must be a positive number with at most 2 decimals'],
    ['1e3', 'Price must be a positive number with at most 2 decimals'],
    ['1\u0000', 'Price must be a positive number with at most 2 decimals'],
    [1e21, 'Price must be a positive number with at most 2 decimals'],
    [0.1 + 0.2, 'Price must be a positive number with at most 2 decimals'],
    [true, 'Price must be a number written as a string'],
    [null, 'Price must be a number written as a string'],
  ])('refuses %j: %s', (value, message) => {
    expect(messageOf(value)).toBe(message);
  });

  it('keeps a lower bound', () => {
    const ZFee = ZDecimalString('Fee', { scale: 2, min: '0.01', max: '5' });
    expect(ZFee.safeParse('0').error?.issues[0]?.message).toBe('Fee must be at least 0.01');
    expect(ZFee.parse('0.01')).toBe('0.01');
  });

  it('takes exactly the decimals within bounds, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), (text) => {
        const parsed = ZPrice.safeParse(text);
        const isWithin =
          isDecimal(text.trim(), 2) &&
          /^\d/.test(text.trim()) &&
          text.trim().length <= DECIMAL_TEXT_LENGTH_MAX;
        expect(parsed.success).toBe(isWithin && parseScaled(text.trim(), 2) <= 100_000n);
      }),
    );
  });
});

describe('ZWholeNumber', () => {
  const ZLeverage = ZWholeNumber('Leverage', { min: 1, max: 100 });

  it.each([
    [5, 5],
    ['5', 5],
    [' 100 ', 100],
  ])('takes %j as %j', (value, expected) => {
    expect(ZLeverage.parse(value)).toBe(expected);
  });

  it.each([0, 101, 1e12, '1e3', '0x10', '', '1.5', 1.5, true, null, '9'.repeat(40)])(
    'refuses %j',
    (value) => {
      const parsed = ZLeverage.safeParse(value);
      expect(parsed.success).toBe(false);
    },
  );

  it('names its bounds', () => {
    expect(ZLeverage.safeParse(1e12).error?.issues[0]?.message).toBe(
      'Leverage must be a whole number from 1 to 100',
    );
  });
});
