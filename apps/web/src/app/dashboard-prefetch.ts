import { DEFAULT_INTERVAL, DEFAULT_PAIR, KLINES_PAGE_SIZE } from '@td/contracts/constants';
import { PATHS } from '../lib/paths';
import { prefetch } from '../lib/prefetch';
import { hasToken } from '../lib/session';

/**
 * What the Dashboard's chart needs before it can draw (the pairs, the prices, the chosen pair's
 * candles), asked for while the screen's code downloads and runs instead of after it has run.
 */
export function prefetchDashboard(search: URLSearchParams): void {
  prefetch('/pairs');
  prefetch('/public/prices');
  prefetch('/public/klines', {
    symbol: search.get('pair') ?? DEFAULT_PAIR,
    interval: search.get('interval') ?? DEFAULT_INTERVAL,
    limit: KLINES_PAGE_SIZE,
  });
}

/**
 * A visit that opens on the Dashboard with a session asks for the chart's data at once, from the
 * entry's first modules: the route's loader only runs once the whole entry has been evaluated
 * (React, the router, the contracts' schemas), which on a phone's CPU is a second or more, and a
 * slow network's round trip can run beside it instead of after it. The loader asks again and finds
 * these requests already made.
 */
export function prefetchDashboardOnArrival(): void {
  if (globalThis.location?.pathname === PATHS.home && hasToken()) {
    prefetchDashboard(new URLSearchParams(globalThis.location.search));
  }
}
