import { describe, expect, it } from 'vitest';
import { commissionFor, maskName, ratePpmOf } from './commission';

describe('referral commission', () => {
  it('pays the rate of the fee, to the cent', () => {
    // $1,000 at 0.05 % = $0.50 fee; 20 % of it = $0.10.
    expect(commissionFor(50n, ratePpmOf('0.2'))).toBe(10n);
    expect(commissionFor(12_345n, ratePpmOf('0.25'))).toBe(3_086n);
    expect(commissionFor(100n, ratePpmOf('1'))).toBe(100n);
  });

  it('rounds down so the house never pays more than the rate', () => {
    expect(commissionFor(1n, ratePpmOf('0.2'))).toBe(0n);
    expect(commissionFor(9n, ratePpmOf('0.5'))).toBe(4n);
    expect(commissionFor(3n, ratePpmOf('0.333333'))).toBe(0n);
  });

  it('pays nothing on no fee or a zero rate, and never more than the fee', () => {
    expect(commissionFor(0n, ratePpmOf('0.2'))).toBe(0n);
    expect(commissionFor(500n, 0n)).toBe(0n);
    expect(commissionFor(500n, 2_000_000n)).toBe(500n);
  });

  it('reads rates with up to six decimals', () => {
    expect(ratePpmOf('0.2')).toBe(200_000n);
    expect(ratePpmOf('0.000001')).toBe(1n);
  });
});

describe('maskName', () => {
  it('keeps the initials and hides the rest', () => {
    expect(maskName('Ada', 'Lovelace')).toBe('A** L.');
    expect(maskName('Grace', 'hopper')).toBe('G**** H.');
    expect(maskName('Bartholomew', 'Y')).toBe('B***** Y.');
    expect(maskName('', '')).toBe('***');
  });
});
