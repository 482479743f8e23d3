import { describe, expect, it } from 'vitest';
import { allocationByPairType } from './allocation';

const typeOf = (symbol: string) =>
  symbol.endsWith('_USDT')
    ? ('crp' as const)
    : symbol === 'EUR_USD'
      ? ('forex' as const)
      : ('stocks' as const);

describe('allocation by pair type', () => {
  it('splits the open amount between crypto, forex and stocks', () => {
    const slices = allocationByPairType(
      [
        { symbol: 'BTC_USDT', amount: '500.00' },
        { symbol: 'ETH_USDT', amount: '250.00' },
        { symbol: 'EUR_USD', amount: '250.00' },
      ],
      typeOf,
    );
    expect(slices).toEqual([
      { pairType: 'crp', amount: '750.00', percent: '75.0', permille: 750 },
      { pairType: 'forex', amount: '250.00', percent: '25.0', permille: 250 },
    ]);
  });

  it('rounds the shares so they add up to exactly 100 %', () => {
    const slices = allocationByPairType(
      [
        { symbol: 'BTC_USDT', amount: '1.00' },
        { symbol: 'EUR_USD', amount: '1.00' },
        { symbol: 'AAPL_USD', amount: '1.00' },
      ],
      typeOf,
    );
    expect(slices.map((slice) => slice.percent)).toEqual(['33.4', '33.3', '33.3']);
    expect(slices.reduce((total, slice) => total + slice.permille, 0)).toBe(1000);
  });

  it('is empty without positions', () => {
    expect(allocationByPairType([], typeOf)).toEqual([]);
  });
});
