// Loads a pair's candles for the chart, including older pages when scrolling back; the latest
// page is kept current by the live stream rather than by refetching.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { KLINES_PAGE_SIZE, type TChartInterval } from '@td/contracts/constants';
import { ZCandle } from '@td/contracts/market';
import { z } from 'zod/mini';
import { api } from '../../lib/api-client';

export { KLINES_PAGE_SIZE };

export interface TKlinesRequest {
  /** The bare pair symbol ('BTC_USDT', 'EUR_USD'). */
  symbol: string;
  interval: TChartInterval;
  /** Only candles that start before this time (Unix ms): scrolling back into history. */
  toMs?: number;
  limit?: number;
}

/**
 * GET /public/klines → `[{t, o, h, l, c, v}]`, oldest first. Silent: the chart shows a failed load
 * inline with a retry button.
 */
export function getKlines({ symbol, interval, toMs, limit = KLINES_PAGE_SIZE }: TKlinesRequest) {
  return api.get('/public/klines', {
    params: { symbol, interval, limit, ...(toMs === undefined ? {} : { to: toMs }) },
    schema: z.array(ZCandle),
    silent: true,
  });
}

export const klinesQueryKey = (symbol: string, interval: TChartInterval) =>
  ['market', 'klines', symbol, interval] as const;

/**
 * The latest page of candles. While a chart shows it, the stream keeps it current, so it is not
 * refetched on focus or on a timer; it is when a chart opens it again (the cached copy misses the
 * candles closed since) and when the chart asks after the stream reconnects.
 */
export function klinesQueryOptions(symbol: string, interval: TChartInterval) {
  return queryOptions({
    queryKey: klinesQueryKey(symbol, interval),
    queryFn: async () => (await getKlines({ symbol, interval })).data,
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useKlines(symbol: string, interval: TChartInterval, isEnabled = true) {
  return useQuery({ ...klinesQueryOptions(symbol, interval), enabled: isEnabled });
}
