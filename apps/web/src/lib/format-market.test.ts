import { describe, expect, it } from 'vitest';
import {
  changeDirection,
  compareDecimal,
  displayPair,
  displaySymbol,
  formatChange,
  formatChartTick,
  formatChartTime,
  formatGivenPrice,
  formatPrice,
  formatVolume,
  INTERVAL_LABEL,
  isIntradayInterval,
} from './format-market';

describe('displayPair / displaySymbol', () => {
  it('shows USDT as USD', () => {
    expect(displayPair('BTC', 'USDT')).toBe('BTC/USD');
    expect(displaySymbol('BTC_USDT')).toBe('BTC/USD');
  });

  it('keeps other assets as they are', () => {
    expect(displayPair('EUR', 'USD')).toBe('EUR/USD');
    expect(displaySymbol('AAPL_USD')).toBe('AAPL/USD');
    expect(displaySymbol('USD_JPY')).toBe('USD/JPY');
  });

  it('leaves something that is not a pair symbol alone', () => {
    expect(displaySymbol('BTC')).toBe('BTC');
  });
});

describe('formatGivenPrice', () => {
  it.each<[string | null, string]>([
    // The decimals the price came with, thousands separated.
    ['40552.66', '40,552.66'],
    ['50000.00', '50,000.00'],
    ['1.0565', '1.0565'],
    ['1250', '1,250'],
    [null, '—'],
  ])('shows %j as %j', (value, shown) => {
    expect(formatGivenPrice(value)).toBe(shown);
  });
});

describe('formatPrice', () => {
  it.each<[string | undefined, number, string]>([
    // The precision of the pair, with thousands separators.
    ['50655.07', 2, '50,655.07'],
    ['1.0565', 4, '1.0565'],
    ['0.5', 4, '0.5000'],
    ['134.8', 2, '134.80'],
    // Rounded on the digits, never through a float.
    ['1.00005', 4, '1.0001'],
    ['0.29', 2, '0.29'],
    // A dash for a missing or malformed price.
    [undefined, 2, '—'],
    ['abc', 2, '—'],
  ])('shows %j at precision %d as %j', (value, precision, shown) => {
    expect(formatPrice(value, precision)).toBe(shown);
  });
});

describe('formatChange', () => {
  it.each<[string | undefined, string, 'up' | 'down' | 'flat']>([
    // A rise gets a plus and goes up.
    ['3.09', '+3.09%', 'up'],
    ['0.5', '+0.50%', 'up'],
    // A fall keeps its minus and goes down.
    ['-1.25', '-1.25%', 'down'],
    ['-10.263', '-10.26%', 'down'],
    // A change that rounds to zero is a flat 0.00%, never -0.00%.
    ['0', '0.00%', 'flat'],
    ['0.00', '0.00%', 'flat'],
    ['-0.004', '0.00%', 'flat'],
    ['0.004', '0.00%', 'flat'],
    // A large change is grouped.
    ['1234.5', '+1,234.50%', 'up'],
    // A dash for a missing or malformed change.
    [undefined, '—', 'flat'],
    ['n/a', '—', 'flat'],
  ])('shows %j as %j, %s', (value, text, direction) => {
    expect(formatChange(value)).toEqual({ text, direction });
  });
});

describe('changeDirection', () => {
  it.each<[string | undefined, 'up' | 'down' | 'flat']>([
    // The sign of a decimal string.
    ['1.2', 'up'],
    ['+1.2', 'up'],
    ['-0.01', 'down'],
    ['-0.00', 'flat'],
    ['', 'flat'],
    [undefined, 'flat'],
  ])('reads %j as %s', (value, direction) => {
    expect(changeDirection(value)).toBe(direction);
  });
});

describe('formatVolume', () => {
  it.each<[string | undefined, string]>([
    // Shortened from 100,000 with K and from 1,000,000 with M.
    ['99999', '99,999'],
    ['100000', '100K'],
    ['250500', '250.5K'],
    ['999999', '1M'],
    ['1000000', '1M'],
    ['1486709380', '1,486.71M'],
    ['25167757684', '25,167.76M'],
    // A dash for a missing volume.
    [undefined, '—'],
  ])('shows %j as %j', (value, shown) => {
    expect(formatVolume(value)).toBe(shown);
  });
});

describe('compareDecimal', () => {
  it.each<[string | null | undefined, string | null | undefined, -1 | 0 | 1]>([
    // By value, not by text.
    ['9.5', '10', -1],
    ['10', '9.5', 1],
    ['0.0820', '0.082', 0],
    ['1.05', '1.5', -1],
    ['007', '7.000', 0],
    // Negatives below positives, ordered by value.
    ['-2', '-1.5', -1],
    ['-0.1', '0', -1],
    ['-0', '0', 0],
    ['3.09', '-5.90', 1],
    // Values it cannot read sort first.
    [undefined, '1', -1],
    ['1', 'x', 1],
    [undefined, null, 0],
  ])('orders %j against %j as %d', (a, b, order) => {
    expect(Math.sign(compareDecimal(a, b))).toBe(order);
  });

  it('sorts a list like numbers would', () => {
    const values = ['10', '-3.5', '0.25', '2', '-10', '0', '100.01'];
    const sorted = [...values].sort(compareDecimal);
    expect(sorted).toEqual(['-10', '-3.5', '0', '0.25', '2', '10', '100.01']);
  });
});

describe('chart intervals', () => {
  it('labels every interval the chart offers', () => {
    expect(INTERVAL_LABEL['60']).toBe('1h');
    expect(INTERVAL_LABEL['240']).toBe('4h');
    expect(INTERVAL_LABEL['1D']).toBe('1D');
  });

  it('knows which intervals carry a time of day', () => {
    expect(isIntradayInterval('1')).toBe(true);
    expect(isIntradayInterval('240')).toBe(true);
    expect(isIntradayInterval('1D')).toBe(false);
    expect(isIntradayInterval('1W')).toBe(false);
  });
});

describe('chart time labels', () => {
  // Built from local fields, so the expectations hold in any time zone the tests run in.
  const local = new Date(2026, 10, 21, 14, 5, 30);
  const timeMs = local.getTime();

  it('labels the time axis in local time, coarse to fine', () => {
    expect(formatChartTick(timeMs, 'year')).toBe('2026');
    expect(formatChartTick(timeMs, 'month')).toBe('Nov');
    expect(formatChartTick(timeMs, 'day')).toBe('21');
    expect(formatChartTick(timeMs, 'time')).toBe('14:05');
    expect(formatChartTick(timeMs, 'time-seconds')).toBe('14:05:30');
  });

  it('shows the crosshair time with the time of day only for intraday candles', () => {
    expect(formatChartTime(timeMs, true)).toBe('Sat 21 Nov, 2026 14:05');
    expect(formatChartTime(timeMs, false)).toBe('Sat 21 Nov, 2026');
  });

  it('gives an empty label for a time it cannot read', () => {
    expect(formatChartTick(Number.NaN, 'time')).toBe('');
    expect(formatChartTime(Number.NaN, true)).toBe('');
  });
});
