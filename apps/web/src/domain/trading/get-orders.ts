import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageOf } from '@td/contracts/envelope';
import { ZOrder } from '@td/contracts/trading';
import { api } from '../../lib/api-client';
import { type TOrdersFilters, tradingKeys } from './query-keys';

/** History page size (the API allows up to 100). */
export const ORDERS_PAGE_SIZE = 20;
/** Open positions and pending orders shown on the Trade tab at once (the API's maximum page). */
export const OPEN_ORDERS_LIMIT = 100;

const ZOrdersPage = pageOf(ZOrder);

function paramsOf(filters: TOrdersFilters): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (filters.account) params.account = filters.account;
  if (filters.status && filters.status.length > 0) params.status = filters.status.join(',');
  if (filters.symbol) params.symbol = filters.symbol;
  if (filters.period) params.period = filters.period;
  params.page = filters.page ?? 1;
  params.limit = filters.limit ?? ORDERS_PAGE_SIZE;
  return params;
}

/**
 * GET /orders → `{items, page, limit, total}`, newest first. Silent: the tables show a failed load
 * inline with a retry button.
 */
export async function getOrders(filters: TOrdersFilters) {
  const { data } = await api.get('/orders', { params: paramsOf(filters), schema: ZOrdersPage, silent: true });
  return data;
}

export function ordersQueryOptions(filters: TOrdersFilters) {
  return queryOptions({
    queryKey: tradingKeys.ordersList(filters),
    queryFn: () => getOrders(filters),
    // Orders change through this client and the stream, which both invalidate this key.
    staleTime: 10_000,
  });
}

export interface TUseOrdersOptions {
  /** Poll as well (while the stream is down and positions are open). */
  refetchIntervalMs?: number | false;
  /**
   * Keep the previous rows on screen (dimmed) while the next page or filter loads, so the table
   * does not jump. Off where the rows would belong to another account.
   */
  isKeepingPrevious?: boolean;
}

export function useOrders(filters: TOrdersFilters, options: TUseOrdersOptions = {}) {
  return useQuery({
    ...ordersQueryOptions(filters),
    refetchInterval: options.refetchIntervalMs ?? false,
    placeholderData: options.isKeepingPrevious ? keepPreviousData : undefined,
  });
}
