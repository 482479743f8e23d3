import type { TTradingTerms } from '@td/contracts/group-terms';
import { describe, expect, it } from 'vitest';
import { groupMaxLeverage, groupQuote } from './trading-terms';

const terms: TTradingTerms = {
  spreadMarkup: { crypto: '100.00', forex: '25.00', stocks: '0.00' },
  maxLeverage: { crypto: 5, forex: 500, stocks: 1000 },
  openingFeeRate: '0.002000',
};
const btc = { pairType: 'crp', pricePrecision: 2, maxLeverage: 20 } as const;
const eur = { pairType: 'forex', pricePrecision: 5, maxLeverage: 100 } as const;

describe('the group’s terms on the web', () => {
  it('widens a quote by the markup of the pair’s class, as the server does', () => {
    const quote = { bid: '49990.00', ask: '50010.00', price: '50000.00', ts: 1 };
    expect(groupQuote(quote, btc, terms)).toEqual({ ...quote, bid: '49980.00', ask: '50020.00' });
    // 25 % of a 0.00020 spread is 0.00005: 0.00002 below, 0.00003 above.
    expect(groupQuote({ bid: '1.08000', ask: '1.08020' }, eur, terms)).toEqual({
      bid: '1.07998',
      ask: '1.08023',
    });
  });

  it('leaves the quote alone without terms, without a markup, or without a price', () => {
    const quote = { bid: '49990.00', ask: '50010.00' };
    expect(groupQuote(quote, btc, undefined)).toBe(quote);
    expect(groupQuote(quote, { pairType: 'stocks', pricePrecision: 2 }, terms)).toBe(quote);
    const empty = { bid: '', ask: '' };
    expect(groupQuote(empty, btc, terms)).toBe(empty);
  });

  it('caps the leverage by the group for the pair’s class, within the pair’s own', () => {
    expect(groupMaxLeverage(btc, terms)).toBe(5);
    expect(groupMaxLeverage(eur, terms)).toBe(100);
    expect(groupMaxLeverage(btc, undefined)).toBe(20);
  });
});
