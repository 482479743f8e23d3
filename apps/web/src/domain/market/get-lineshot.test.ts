import { describe, expect, it } from 'vitest';
import { parseLineshots } from './get-lineshot';

describe('parseLineshots', () => {
  it('reads the JSON string of each pair into its prices, oldest first', () => {
    const parsed = parseLineshots({
      'CRP:BTC_USDT': '[[1795208400000,48980.48],[1795212000000,49198.76]]',
      'forex:EUR_USD': '[[1795208400000,1.0565]]',
    });
    expect(parsed).toEqual({ 'CRP:BTC_USDT': [48980.48, 49198.76], 'forex:EUR_USD': [1.0565] });
  });

  it('leaves out a pair whose value does not parse, keeping the others', () => {
    const parsed = parseLineshots({
      'CRP:BTC_USDT': 'not json',
      'CRP:ETH_USDT': '[["x", 1]]',
      'stocks:AAPL_USD': '[[1, 190.08]]',
    });
    expect(parsed).toEqual({ 'stocks:AAPL_USD': [190.08] });
  });
});
