import { describe, expect, it } from 'vitest';
import { feedStatuses, pricePolicy, priceSourceOf } from './price-sources';

const NOW = Date.parse('2026-11-25T15:00:00Z');
const tick = (pairType: 'crp' | 'forex' | 'stocks', ageMs: number) => ({ pairType, tMs: NOW - ageMs });
const options = { maxAgeMs: 5_000, isOpen: (pairType: string) => pairType !== 'stocks', nowMs: NOW };

describe('price sources', () => {
  it('Binance prices the crypto pairs, Finnhub forex and stocks; without them, the simulator', () => {
    expect(priceSourceOf({ MARKET_FEED: 'binance' }, 'crp')).toBe('live');
    expect(priceSourceOf({ MARKET_FEED: 'binance' }, 'forex')).toBe('simulated');
    expect(priceSourceOf({ MARKET_FEED: 'sim' }, 'crp')).toBe('simulated');
    // Finnhub's key makes forex and stocks live, whatever prices crypto.
    expect(priceSourceOf({ MARKET_FEED: 'sim', FINNHUB_API_KEY: 'k' }, 'stocks')).toBe('live');
    expect(priceSourceOf({ MARKET_FEED: 'sim', FINNHUB_API_KEY: 'k' }, 'crp')).toBe('simulated');
  });

  it('lets Real money trade live prices only, unless the deployment is a demonstration', () => {
    const live = pricePolicy({ MARKET_FEED: 'binance', REAL_TRADING_ON_SIMULATED_PRICES: false });
    expect([live.isRealTradable('crp'), live.isRealTradable('stocks')]).toEqual([true, false]);
    const demo = pricePolicy({ MARKET_FEED: 'sim', REAL_TRADING_ON_SIMULATED_PRICES: true });
    expect(demo.isRealTradable('forex')).toBe(true);
  });
});

describe('feed statuses', () => {
  it('reports each feed with its pairs and the age of its newest price on an open market', () => {
    const ticks = [tick('crp', 800), tick('crp', 300), tick('forex', 9_000), tick('stocks', 3_600_000)];
    expect(feedStatuses(ticks, { MARKET_FEED: 'binance' }, options)).toEqual([
      { feed: 'binance', pairs: 2, lastMessageAgeMs: 300, state: 'live' },
      // Stocks are closed: only the forex price counts, and it is older than allowed.
      { feed: 'simulator', pairs: 2, lastMessageAgeMs: 9_000, state: 'delayed' },
    ]);
  });

  it('says a configured feed is waiting before its first price', () => {
    expect(feedStatuses([tick('stocks', 10)], { MARKET_FEED: 'binance' }, options)).toEqual([
      { feed: 'simulator', pairs: 1, lastMessageAgeMs: null, state: 'waiting' },
      { feed: 'binance', pairs: 0, lastMessageAgeMs: null, state: 'waiting' },
    ]);
  });
});
