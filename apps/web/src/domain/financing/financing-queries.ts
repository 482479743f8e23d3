// The server data of the trading costs and settings: a pair's specification (spread, limits), an
// account's trading statistics over a period, and the one-click trading switch (turned on only
// with its risk notice accepted).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAccount } from '@td/contracts/constants';
import { type TStatsPeriod, ZOneClickTrading, ZPairSpec, ZTradingStats } from '@td/contracts/financing';
import { api } from '../../lib/api-client';
import { useProfileSetting } from '../../lib/profile-setting';

export const ONE_CLICK_QUERY_KEY = ['profile', 'one-click-trading'] as const;

/** GET /pairs/:symbol/spec: a pair's specification, loaded when the dialog opens. Silent: shown inline. */
export function usePairSpec(symbol: string | undefined) {
  return useQuery({
    queryKey: ['pairs', symbol, 'spec'],
    queryFn: async () =>
      (await api.get(`/pairs/${encodeURIComponent(symbol ?? '')}/spec`, { schema: ZPairSpec, silent: true }))
        .data,
    enabled: symbol !== undefined,
    staleTime: 30_000,
  });
}

/** GET /portfolio/stats?account=&period=: the trading statistics of a book over a period. */
export function useTradingStats(account: TAccount, period: TStatsPeriod) {
  return useQuery({
    queryKey: ['portfolio', 'stats', account, period],
    queryFn: async () =>
      (
        await api.get('/portfolio/stats', {
          params: { account, period },
          schema: ZTradingStats,
          silent: true,
        })
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** GET /profile/one-click-trading: whether Buy and Sell place a market order at once (off until known). */
export function useOneClickTrading(): boolean {
  return useProfileSetting(ONE_CLICK_QUERY_KEY, ZOneClickTrading, 5 * 60_000)?.enabled ?? false;
}

/** PUT /profile/one-click-trading: on only with the risk notice accepted. */
export function useSetOneClickTrading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api.put('/profile/one-click-trading', enabled ? { enabled, riskAccepted: true } : { enabled }, {
        schema: ZOneClickTrading,
      }),
    onSuccess: ({ data }) => queryClient.setQueryData(ONE_CLICK_QUERY_KEY, data),
  });
}
