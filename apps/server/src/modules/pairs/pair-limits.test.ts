import { SETTING_DEFAULTS } from '@td/contracts/settings';
import { describe, expect, it } from 'vitest';
import { withTradingLimits } from './pair-limits';
import type { PairRow } from './pairs.repository';

const pair = {
  symbol: 'BTC_USDT',
  pairType: 'crp',
  maxLeverage: 20,
  minAmountCents: 1_000n,
  maxAmountCents: 10_000_000_000n,
} as PairRow;

describe('withTradingLimits', () => {
  it('keeps the pair’s own limits within the defaults', () => {
    expect(withTradingLimits(pair, SETTING_DEFAULTS.trading)).toMatchObject({
      maxLeverage: 20,
      minAmountCents: 1_000n,
      maxAmountCents: 10_000_000_000n,
    });
  });

  it('applies a lower platform cap, a higher minimum and a lower maximum', () => {
    const settings = {
      ...SETTING_DEFAULTS.trading,
      minAmount: '50',
      maxAmount: '250000',
      maxLeverage: { crp: 5, forex: 100, stocks: 10 },
    };
    expect(withTradingLimits(pair, settings)).toMatchObject({
      maxLeverage: 5,
      minAmountCents: 5_000n,
      maxAmountCents: 25_000_000n,
    });
  });

  it('never raises a pair above its own limits', () => {
    const settings = { ...SETTING_DEFAULTS.trading, maxLeverage: { crp: 500, forex: 100, stocks: 10 } };
    expect(withTradingLimits({ ...pair, maxLeverage: 3 }, settings).maxLeverage).toBe(3);
  });
});
