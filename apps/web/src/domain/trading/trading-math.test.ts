import { formatScaled } from '@td/contracts/decimal';
import { afterEach, describe, expect, it } from 'vitest';
import { setFormatLocale } from '../../lib/format';
import {
  closeSidePrice,
  compareMoney,
  effectiveLeverage,
  exitProblem,
  feeCentsFor,
  formatResult,
  isLargeOrder,
  liquidationScaled,
  livePnl,
  loweredLeverage,
  marginCentsFor,
  maxAffordableAmount,
  openSidePrice,
  previewOrder,
  ratePercent,
  shareOf,
  sumMoney,
  toScaled,
} from './trading-math';

const preview = (side: 'buy' | 'sell', amount: string, leverage: number, entryPrice = '50000.00') =>
  previewOrder({ side, amount, leverage, entryPrice, pricePrecision: 2, feeRate: '0.0005' });

describe('order preview (the same cents as the server)', () => {
  it('holds $1,000 at 10× as 100.00 margin with a 0.50 fee', () => {
    expect(preview('buy', '1000', 10)).toMatchObject({ margin: '100.00', fee: '0.50', cost: '100.50' });
  });

  it('liquidates a $1,000 10× buy at 46,000.00 and a sell at 54,000.00 from 50,000.00', () => {
    expect(preview('buy', '1000', 10)?.liquidationPrice).toBe('46000.00');
    expect(preview('sell', '1000', 10)?.liquidationPrice).toBe('54000.00');
  });

  it('liquidates at the stop-out level of the group in isolated, and not on its own in cross', () => {
    const base = { side: 'buy' as const, amount: '1000', leverage: 10, entryPrice: '50000.00' };
    const at = (risk: { marginMode: 'isolated' | 'cross'; stopOutLevel: number }) =>
      previewOrder({ ...base, pricePrecision: 2, feeRate: '0.0005', risk })?.liquidationPrice;
    expect(at({ marginMode: 'isolated', stopOutLevel: 60 })).toBe('48000.00');
    expect(at({ marginMode: 'isolated', stopOutLevel: 20 })).toBe('46000.00');
    expect(at({ marginMode: 'cross', stopOutLevel: 50 })).toBeNull();
  });

  it('liquidates a $1,000 20× buy at 48,000.00', () => {
    expect(preview('buy', '1000', 20)).toMatchObject({ margin: '50.00', liquidationPrice: '48000.00' });
  });

  it('rounds the margin up to the cent and the fee half up', () => {
    expect(marginCentsFor(100_001n, 10)).toBe(10_001n);
    expect(feeCentsFor(1_000n, '0.0005')).toBe(1n);
    expect(feeCentsFor(999n, '0.0005')).toBe(0n);
    expect(preview('buy', '333.33', 7)).toMatchObject({ margin: '47.62', fee: '0.17' });
  });

  it('rounds a buy liquidation down and a sell liquidation up, never below zero', () => {
    expect(liquidationScaled('buy', 123_456n, marginCentsFor(123_456n, 7), 6_543_210n)).toBe(5_795_396n);
    expect(liquidationScaled('sell', 123_456n, marginCentsFor(123_456n, 7), 6_543_210n)).toBe(7_291_024n);
    expect(liquidationScaled('buy', 100_000n, 200_000n, 10_000n)).toBe(0n);
  });

  it('keeps the pair precision for a 4-decimal pair', () => {
    const forex = previewOrder({
      side: 'sell',
      amount: '10000',
      leverage: 100,
      entryPrice: '1.0850',
      pricePrecision: 4,
      feeRate: '0.0005',
    });
    expect(forex).toMatchObject({ margin: '100.00', fee: '5.00', liquidationPrice: '1.0937' });
  });

  it('has no preview for an amount or leverage that is not a number', () => {
    expect(preview('buy', '', 10)).toBeNull();
    expect(preview('buy', 'abc', 10)).toBeNull();
    expect(preview('buy', '10.123', 10)).toBeNull();
    expect(preview('buy', '1000', 0)).toBeNull();
    expect(preview('buy', '1000', 2.5)).toBeNull();
  });

  it('shows margin and fee before there is a price', () => {
    expect(preview('buy', '1000', 10, '')).toMatchObject({ margin: '100.00', liquidationPrice: null });
  });
});

describe('live PnL of a position', () => {
  const quote = { bid: '51000.00', ask: '51020.00' };

  it('values a buy at the bid and a sell at the ask', () => {
    expect(livePnl({ side: 'buy', amount: '1000.00', price: '50000.00' }, quote, 2)).toBe('20.00');
    expect(livePnl({ side: 'sell', amount: '1000.00', price: '50000.00' }, quote, 2)).toBe('-20.40');
  });

  it('has no figure without a quote or an entry', () => {
    expect(livePnl({ side: 'buy', amount: '1000.00', price: '50000.00' }, undefined, 2)).toBeNull();
    expect(livePnl({ side: 'buy', amount: '1000.00', price: null }, quote, 2)).toBeNull();
  });

  it('opens at the ask for a buy and the bid for a sell, and closes the other way', () => {
    expect(openSidePrice('buy', quote)).toBe('51020.00');
    expect(openSidePrice('sell', quote)).toBe('51000.00');
    expect(closeSidePrice('buy', quote)).toBe('51000.00');
    expect(closeSidePrice('sell', quote)).toBe('51020.00');
  });
});

describe('take-profit and stop-loss sides', () => {
  it('wants a buy take-profit above and stop-loss below the price', () => {
    expect(exitProblem('buy', '100.00', { takeProfit: '110', stopLoss: '90' }, 2)).toEqual({});
    expect(exitProblem('buy', '100.00', { takeProfit: '100', stopLoss: '101' }, 2)).toEqual({
      takeProfit: 'Must be above the current price for a buy',
      stopLoss: 'Must be below the current price for a buy',
    });
  });

  it('wants the reverse for a sell', () => {
    expect(exitProblem('sell', '100.00', { takeProfit: '90', stopLoss: '110' }, 2)).toEqual({});
    expect(Object.keys(exitProblem('sell', '100.00', { takeProfit: '101', stopLoss: '99' }, 2))).toEqual([
      'takeProfit',
      'stopLoss',
    ]);
  });
});

describe('sumMoney', () => {
  it('adds decimal strings exactly', () => {
    expect(sumMoney(['0.10', '0.20', '-0.05', null])).toBe('0.25');
  });
});

describe('ratePercent', () => {
  it('shows the fee rate as a percentage', () => {
    expect(ratePercent('0.0005')).toBe('0.05 %');
    expect(ratePercent('0.001')).toBe('0.1 %');
    expect(ratePercent('0')).toBe('0 %');
  });
});

describe('the largest affordable position', () => {
  it('spends the whole free margin at 1× less the fee: 10,000.00 opens 9,995.00 at 0.05 %', () => {
    expect(maxAffordableAmount('10000', 1, '0.0005')).toBe('9995.00');
  });

  it('is the largest amount whose margin and fee fit, whatever the leverage', () => {
    for (const [free, leverage] of [
      ['10000', 10],
      ['123.45', 20],
      ['0.07', 100],
      ['99999.99', 3],
    ] as const) {
      const most = maxAffordableAmount(free, leverage, '0.0005');
      const cost = (amount: string) =>
        previewOrder({
          side: 'buy',
          amount,
          leverage,
          entryPrice: null,
          pricePrecision: 2,
          feeRate: '0.0005',
        })?.cost ?? '0';
      const oneCentMore = formatScaled((toScaled(most, 2) ?? 0n) + 1n, 2);
      expect(compareMoney(cost(most), free)).toBeLessThanOrEqual(0);
      expect(compareMoney(cost(oneCentMore), free)).toBeGreaterThan(0);
    }
  });

  it('is zero without free margin', () => {
    expect(maxAffordableAmount('0', 10, '0.0005')).toBe('0.00');
    expect(maxAffordableAmount('-5', 10, '0.0005')).toBe('0.00');
  });
});

describe('a share of a balance', () => {
  it('is rounded down to the cent', () => {
    expect(shareOf('10000', '0.5')).toBe('5000.00');
    expect(shareOf('0.03', '0.5')).toBe('0.01');
    expect(shareOf('123.45', '1')).toBe('123.45');
    expect(shareOf('-0.03', '0.5')).toBe('-0.02');
  });
});

describe('a large order', () => {
  it('is one whose margin and fee pass the share of the free margin, not its leveraged size', () => {
    // 20,000 USD at 20× puts 1,000 plus the fee at stake: not half of 10,000.
    expect(isLargeOrder('1010.00', '10000', '0.5')).toBe(false);
    // 9,995 USD at 1× puts all of it at stake.
    expect(isLargeOrder('10000.00', '10000', '0.5')).toBe(true);
    expect(isLargeOrder('5000.00', '10000', '0.5')).toBe(false);
    expect(isLargeOrder('5000.01', '10000', '0.5')).toBe(true);
  });

  it('is not asked about before the figures are known', () => {
    expect(isLargeOrder(undefined, '10000', '0.5')).toBe(false);
    expect(isLargeOrder('10000.00', undefined, '0.5')).toBe(false);
  });
});

describe('effective leverage (size ÷ margin)', () => {
  it('is the leverage opened at while no margin was added', () => {
    expect(effectiveLeverage('1000.00', '100.00')).toBe('10.0');
    expect(loweredLeverage({ amount: '1000.00', margin: '100.00', leverage: 10 })).toBeNull();
  });

  it('falls with added margin, to one decimal rounded half up', () => {
    expect(effectiveLeverage('1000.00', '200.00')).toBe('5.0');
    expect(effectiveLeverage('1000.00', '160.00')).toBe('6.3');
    expect(effectiveLeverage('1000.00', '161.30')).toBe('6.2');
    expect(effectiveLeverage('1000.00', '400.00')).toBe('2.5');
    expect(loweredLeverage({ amount: '1000.00', margin: '160.00', leverage: 10 })).toBe('6.3');
  });

  it('does not read a margin rounded up to the cent as a change', () => {
    // 1,234.56 at 10× holds 123.46: 9.9996×, still 10×.
    expect(effectiveLeverage('1234.56', '123.46')).toBe('10.0');
    expect(loweredLeverage({ amount: '1234.56', margin: '123.46', leverage: 10 })).toBeNull();
  });

  it('has no figure without a margin or a size', () => {
    expect(effectiveLeverage('1000.00', '0.00')).toBeNull();
    expect(effectiveLeverage('', '100.00')).toBeNull();
    expect(effectiveLeverage('1000.00', 'x')).toBeNull();
  });
});

describe('a realised result', () => {
  afterEach(() => setFormatLocale('en'));

  it('is signed, in USD, with the separators of the language shown', () => {
    expect(formatResult('12.34')).toBe('+12.34 USD');
    expect(formatResult('-1234.5')).toBe('-1,234.50 USD');
    expect(formatResult('0.00')).toBe('0.00 USD');
    setFormatLocale('es');
    expect(formatResult('1234.5')).toBe('+1.234,50 USD');
  });
});
