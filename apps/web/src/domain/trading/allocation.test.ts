import { describe, expect, it } from 'vitest';
import { allocationByPairType } from './allocation';

const typeOf = (symbol: string) =>
  symbol.endsWith('_USDT')
    ? ('crp' as const)
    : symbol === 'EUR_USD'
      ? ('forex' as const)
      : ('stocks' as const);

/** The allocation of positions given as their symbols' open amounts. */
const allocate = (amounts: Record<string, string>) =>
  allocationByPairType(
    Object.entries(amounts).map(([symbol, amount]) => ({ symbol, amount })),
    typeOf,
  );

describe('allocation by pair type', () => {
  it('splits the open amount between crypto, forex and stocks', () => {
    const slices = allocate({ BTC_USDT: '500.00', ETH_USDT: '250.00', EUR_USD: '250.00' });
    expect(slices).toEqual([
      { pairType: 'crp', amount: '750.00', percent: '75.0', permille: 750 },
      { pairType: 'forex', amount: '250.00', percent: '25.0', permille: 250 },
    ]);
  });

  it('rounds the shares so they add up to exactly 100 %', () => {
    const slices = allocate({ BTC_USDT: '1.00', EUR_USD: '1.00', AAPL_USD: '1.00' });
    expect(slices.map((slice) => slice.percent)).toEqual(['33.4', '33.3', '33.3']);
    expect(slices.reduce((total, slice) => total + slice.permille, 0)).toBe(1000);
  });

  it('is empty without positions', () => {
    expect(allocate({})).toEqual([]);
  });
});
