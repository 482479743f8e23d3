import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAccount, TPeriod } from '@td/contracts/constants';
import { ZPortfolio } from '@td/contracts/trading';
import { api } from '../../lib/api-client';
import { tradingKeys } from './query-keys';

/**
 * How often the book is revalued while positions are open: the server values them at the live
 * price, and the stream only speaks when an order changes.
 */
export const PORTFOLIO_REFRESH_MS = 5000;

/**
 * GET /portfolio?account=&period= → balance, equity, margin, PnL, open positions (with their PnL
 * at the live price) and the equity series. Silent: the screens show a failed load inline.
 */
export async function getPortfolio(account: TAccount, period: TPeriod) {
  const { data } = await api.get('/portfolio', {
    params: { account, period },
    schema: ZPortfolio,
    silent: true,
  });
  return data;
}

export function portfolioQueryOptions(account: TAccount, period: TPeriod = 'all') {
  return queryOptions({
    queryKey: tradingKeys.portfolio(account, period),
    queryFn: () => getPortfolio(account, period),
    staleTime: 2000,
    // Revalued every few seconds only while something is open; an idle book does not change.
    refetchInterval: (query) =>
      (query.state.data?.positions.length ?? 0) > 0 ? PORTFOLIO_REFRESH_MS : false,
  });
}

export function usePortfolio(
  account: TAccount,
  period: TPeriod = 'all',
  options: { isKeepingPrevious?: boolean } = {},
) {
  return useQuery({
    ...portfolioQueryOptions(account, period),
    // A period switch keeps the figures while the new series loads; an account switch does not.
    placeholderData: options.isKeepingPrevious
      ? (previous, previousQuery) =>
          previousQuery?.queryKey[2] === account ? keepPreviousData(previous) : undefined
      : undefined,
  });
}
