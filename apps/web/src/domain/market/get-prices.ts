// Polls the latest prices of every active pair every five seconds; a failed poll is silent, so a
// screen keeps its last prices instead of showing an error every few seconds.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRICE_POLL_MS } from '@td/contracts/constants';
import { ZPrices } from '@td/contracts/market';
import { api } from '../../lib/api-client';

export const PRICES_QUERY_KEY = ['market', 'prices'] as const;

/**
 * GET /public/prices → `{ "CRP:BTC_USDT": {price, bid, ask, change24h, high24h, low24h, volume24h,
 * ts}, … }` for every active pair. Silent: it is polled, and a screen keeps its last prices (and
 * says so) rather than toasting every five seconds while the network is down.
 */
export function getPrices() {
  return api.get('/public/prices', { schema: ZPrices, silent: true });
}

export const pricesQueryOptions = queryOptions({
  queryKey: PRICES_QUERY_KEY,
  queryFn: async () => (await getPrices()).data,
  // Prices are polled every 5 s (only while the tab is visible).
  refetchInterval: PRICE_POLL_MS,
  staleTime: PRICE_POLL_MS,
});

export function usePrices() {
  return useQuery(pricesQueryOptions);
}
