// Loads the list of tradable pairs (precision, limits, market hours, the user's stars), checked
// again every minute as markets open and close; screens filter it on the client.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TPair, ZPair } from '@td/contracts/market';
import type { TPairType } from '@td/contracts/statuses';
import { z } from 'zod/mini';
import { api } from '../../lib/api-client';

export const PAIRS_QUERY_KEY = ['market', 'pairs'] as const;

/** Markets open and close (forex at the weekend, stocks outside New York hours): check now and then. */
const PAIRS_REFRESH_MS = 60_000;

/** The filters of GET /pairs (ZPairsQuery); the screens load them all and filter on the client. */
export interface TPairsFilters {
  type?: TPairType;
  favorites?: boolean;
  q?: string;
}

/**
 * GET /pairs → every active pair with its precision, limits, market hours and whether the user
 * starred it. Silent: the screens show a failed load inline with a retry button.
 */
export function getPairs(filters: TPairsFilters = {}) {
  const params: Record<string, string> = {};
  if (filters.type) params.type = filters.type;
  if (filters.favorites !== undefined) params.favorites = String(filters.favorites);
  if (filters.q?.trim()) params.q = filters.q.trim();
  return api.get('/pairs', { params, schema: z.array(ZPair), silent: true });
}

export function pairsQueryOptions(filters: TPairsFilters = {}) {
  return queryOptions({
    queryKey: [...PAIRS_QUERY_KEY, filters] as const,
    queryFn: async (): Promise<TPair[]> => (await getPairs(filters)).data,
    refetchInterval: PAIRS_REFRESH_MS,
  });
}

export function usePairs(filters: TPairsFilters = {}) {
  return useQuery(pairsQueryOptions(filters));
}
