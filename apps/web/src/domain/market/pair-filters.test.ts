import type { TPair, TPrices } from '@td/contracts/market';
import { describe, expect, it } from 'vitest';
import { nextSort, parsePairFilter, parsePairSymbol, pickerPairs, selectPairs } from './pair-filters';
import { priceKey, streamSymbol } from './pair-symbols';

function pair(symbol: string, pairType: TPair['pairType'], overrides: Partial<TPair> = {}): TPair {
  const [base = '', quote = ''] = symbol.split('_');
  return {
    symbol,
    base,
    quote,
    pairType,
    status: 'act',
    pricePrecision: 2,
    amountPrecision: 2,
    minAmount: '10.00',
    maxAmount: '100000000.00',
    maxLeverage: 20,
    spread: '0.0004',
    favorite: false,
    marketOpen: true,
    marketClosedReason: null,
    marketOpensAt: null,
    key: priceKey(pairType, symbol),
    priceSource: 'simulated',
    realTrading: false,
    swapLong: '-10',
    swapShort: '-5',
    ...overrides,
  };
}

const snapshot = (price: string, change24h: string) => ({
  price,
  bid: price,
  ask: price,
  change24h,
  high24h: price,
  low24h: price,
  volume24h: '0',
  ts: 0,
});

const pairs = [
  pair('BTC_USDT', 'crp', { favorite: true }),
  pair('ETH_USDT', 'crp'),
  pair('EUR_USD', 'forex', { marketOpen: false }),
  pair('AAPL_USD', 'stocks'),
];
const prices: TPrices = {
  'CRP:BTC_USDT': snapshot('50655.07', '3.09'),
  'CRP:ETH_USDT': snapshot('3852.54', '-5.90'),
  'forex:EUR_USD': snapshot('1.0565', '0.02'),
  'stocks:AAPL_USD': snapshot('190.08', '0.00'),
};
const symbols = (rows: TPair[]) => rows.map((row) => row.symbol);
const select = (options: Partial<Parameters<typeof selectPairs>[1]>) =>
  symbols(selectPairs(pairs, { filter: 'all', query: '', sort: null, prices, ...options }));

describe('pair keys', () => {
  it('names crypto pairs bare on the stream and other types with their type', () => {
    expect(streamSymbol('crp', 'BTC_USDT')).toBe('BTC_USDT');
    expect(streamSymbol('forex', 'EUR_USD')).toBe('forex:EUR_USD');
    expect(streamSymbol('stocks', 'AAPL_USD')).toBe('stocks:AAPL_USD');
  });

  it('upper-cases the type of crypto price keys only', () => {
    expect(priceKey('crp', 'BTC_USDT')).toBe('CRP:BTC_USDT');
    expect(priceKey('forex', 'EUR_USD')).toBe('forex:EUR_USD');
  });
});

describe('filters', () => {
  it('keeps the server order with no filter, search or sort', () => {
    expect(select({})).toEqual(['BTC_USDT', 'ETH_USDT', 'EUR_USD', 'AAPL_USD']);
  });

  it('filters by type and by favourites', () => {
    expect(select({ filter: 'crypto' })).toEqual(['BTC_USDT', 'ETH_USDT']);
    expect(select({ filter: 'forex' })).toEqual(['EUR_USD']);
    expect(select({ filter: 'stock' })).toEqual(['AAPL_USD']);
    expect(select({ filter: 'favorites' })).toEqual(['BTC_USDT']);
  });

  it('reads an unknown filter in the URL as all', () => {
    expect(parsePairFilter('favorites')).toBe('favorites');
    expect(parsePairFilter('bonds')).toBe('all');
    expect(parsePairFilter(null)).toBe('all');
  });
});

describe('search', () => {
  it('matches the symbol, the pair as shown and the type, ignoring case', () => {
    expect(select({ query: 'eth' })).toEqual(['ETH_USDT']);
    expect(select({ query: 'BTC/USD' })).toEqual(['BTC_USDT']);
    expect(select({ query: 'eurusd' })).toEqual(['EUR_USD']);
    expect(select({ query: 'stocks' })).toEqual(['AAPL_USD']);
    expect(select({ query: '  usdt ' })).toEqual(['BTC_USDT', 'ETH_USDT']);
  });

  it('needs every word to match, and combines with the filter', () => {
    expect(select({ query: 'usd crypto' })).toEqual(['BTC_USDT', 'ETH_USDT']);
    expect(select({ query: 'eth', filter: 'favorites' })).toEqual([]);
  });
});

describe('sorting', () => {
  it('sorts by name, price and change in both directions', () => {
    expect(select({ sort: { key: 'name', direction: 'asc' } })).toEqual([
      'AAPL_USD',
      'BTC_USDT',
      'ETH_USDT',
      'EUR_USD',
    ]);
    expect(select({ sort: { key: 'price', direction: 'desc' } })).toEqual([
      'BTC_USDT',
      'ETH_USDT',
      'AAPL_USD',
      'EUR_USD',
    ]);
    expect(select({ sort: { key: 'change', direction: 'asc' } })).toEqual([
      'ETH_USDT',
      'AAPL_USD',
      'EUR_USD',
      'BTC_USDT',
    ]);
  });

  it.each(['asc', 'desc'] as const)('puts pairs without a price last, sorted by price %s', (direction) => {
    const partial: TPrices = { 'CRP:ETH_USDT': snapshot('1', '1') };
    expect(select({ sort: { key: 'price', direction }, prices: partial })[0]).toBe('ETH_USDT');
  });

  it('starts names A to Z and figures biggest first, then flips on the next click', () => {
    expect(nextSort(null, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort(null, 'price')).toEqual({ key: 'price', direction: 'desc' });
    expect(nextSort({ key: 'price', direction: 'desc' }, 'price')).toEqual({
      key: 'price',
      direction: 'asc',
    });
    expect(nextSort({ key: 'price', direction: 'asc' }, 'change')).toEqual({
      key: 'change',
      direction: 'desc',
    });
  });
});

describe('parsePairSymbol', () => {
  it('upper-cases a symbol from the URL and falls back to the default pair', () => {
    expect(parsePairSymbol('eth_usdt')).toBe('ETH_USDT');
    expect(parsePairSymbol('EUR_USD')).toBe('EUR_USD');
    expect(parsePairSymbol(null)).toBe('BTC_USDT');
    expect(parsePairSymbol('<script>')).toBe('BTC_USDT');
  });
});

describe('pickerPairs', () => {
  const listed = [
    pair('SETH_USDT', 'crp'),
    pair('BTC_USDT', 'crp', { favorite: true }),
    pair('ETH_BTC', 'crp'),
    pair('ETH_USDT', 'crp'),
    pair('EUR_USD', 'forex', { favorite: true }),
    pair('AAPL_USD', 'stocks'),
  ];
  const pick = (filter: Parameters<typeof pickerPairs>[1]['filter'], query: string) =>
    symbols(pickerPairs(listed, { filter, query }));

  it('lists a tab in the server order while nothing is typed', () => {
    expect(pick('all', '')).toEqual(listed.map((row) => row.symbol));
    expect(pick('all', '   ')).toEqual(listed.map((row) => row.symbol));
    expect(pick('favorites', '')).toEqual(['BTC_USDT', 'EUR_USD']);
    expect(pick('crypto', '')).toEqual(['SETH_USDT', 'BTC_USDT', 'ETH_BTC', 'ETH_USDT']);
    expect(pick('forex', '')).toEqual(['EUR_USD']);
    expect(pick('stock', '')).toEqual(['AAPL_USD']);
  });

  it('finds a pair by its base, its quote, as shown, run together or by its symbol, in any case', () => {
    expect(pick('all', 'aapl')).toEqual(['AAPL_USD']);
    expect(pick('all', 'BTC/USD')).toEqual(['BTC_USDT']);
    expect(pick('all', 'btcusd')).toEqual(['BTC_USDT']);
    expect(pick('all', 'BTC_USDT')).toEqual(['BTC_USDT']);
    expect(pick('all', 'eur/usd')).toEqual(['EUR_USD']);
    expect(pick('all', 'usdt')).toEqual(['SETH_USDT', 'BTC_USDT', 'ETH_USDT']);
  });

  it('puts the pair typed in full first, then those whose base begins with the search', () => {
    expect(pick('all', 'eth')).toEqual(['ETH_BTC', 'ETH_USDT', 'SETH_USDT']);
    expect(pick('all', 'ethusd')).toEqual(['ETH_USDT', 'SETH_USDT']);
    expect(pick('all', 'ethbtc')).toEqual(['ETH_BTC']);
    expect(pick('all', 'btc')).toEqual(['BTC_USDT', 'ETH_BTC']);
    expect(pick('all', 'eth usd')).toEqual(['ETH_USDT', 'SETH_USDT']);
  });

  it('searches within the tab only, and finds nothing for a search no pair answers', () => {
    expect(pick('favorites', 'eth')).toEqual([]);
    expect(pick('forex', 'usd')).toEqual(['EUR_USD']);
    expect(pick('all', 'doge')).toEqual([]);
  });
});
