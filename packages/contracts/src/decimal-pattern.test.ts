import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScaled, ZDecimalString } from './decimal';
import { decimalPattern, signedDecimalPattern } from './decimal-pattern';

/** Decimals as a person or a program writes them: digits, a point, maybe leading zeros and a sign. */
const decimalText = fc
  .tuple(
    fc.constantFrom('', '-'),
    fc.stringMatching(/^\d{1,14}$/),
    fc.option(fc.stringMatching(/^\d{1,10}$/), { nil: undefined }),
  )
  .map(([sign, whole, fraction]) => `${sign}${whole}${fraction === undefined ? '' : `.${fraction}`}`);
const bound = fc
  .tuple(fc.stringMatching(/^[1-9]\d{0,12}$/), fc.stringMatching(/^\d{0,3}$/))
  .map(([whole, fraction]) => (fraction ? `${whole}.${fraction}` : whole));

describe('decimal patterns for the document', () => {
  it('allow exactly the decimals from min to max with at most scale decimals, without leading zeros', () => {
    fc.assert(
      fc.property(decimalText, bound, fc.integer({ min: 0, max: 8 }), (text, max, scale) => {
        const fitted = (max.split('.')[1]?.length ?? 0) <= scale ? max : (max.split('.')[0] ?? '1');
        const pattern = new RegExp(decimalPattern({ scale, max: fitted }));
        const [whole = '', fraction = ''] = text.split('.');
        const isPlain = !text.startsWith('-') && !/^0\d/.test(whole) && fraction.length <= scale;
        const expected =
          isPlain &&
          (!text.includes('.') || scale > 0) &&
          parseScaled(text, scale) <= parseScaled(fitted, scale);
        expect(pattern.test(text), `${text} against ${fitted} at scale ${scale}`).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('keep a least value above 0, and a signed range', () => {
    const fee = new RegExp(decimalPattern({ scale: 2, min: '0.01', max: '5' }));
    expect(['0.01', '0.10', '0.1', '1', '5', '5.00', '4.99'].filter((text) => !fee.test(text))).toEqual([]);
    expect(['0', '0.00', '0.001', '5.01', '6', '-1'].filter((text) => fee.test(text))).toEqual([]);
    const swap = new RegExp(signedDecimalPattern('100', 4));
    expect(['-100', '100.0000', '-0.0001', '99.9999', '0'].filter((text) => !swap.test(text))).toEqual([]);
    expect(['-100.0001', '101', '1.00001', '+1'].filter((text) => swap.test(text))).toEqual([]);
  });

  it('describe only values the schema takes', () => {
    const schema = ZDecimalString('Price', { scale: 8, max: '1000000000' });
    const pattern = new RegExp(decimalPattern({ scale: 8, max: '1000000000' }));
    fc.assert(
      fc.property(fc.stringMatching(new RegExp(pattern.source)), (text) => {
        expect(schema.safeParse(text).success, text).toBe(true);
      }),
    );
    expect(pattern.test('1000000000.00000001')).toBe(false);
    expect(pattern.test('9999999999')).toBe(false);
  });
});
