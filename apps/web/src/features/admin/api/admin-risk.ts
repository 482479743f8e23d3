// The back office's risk overview: exposure per pair, accounts near stop-out and the house's
// result, re-read every 30 seconds, with the pairs kept live meanwhile from the staff risk channel,
// which also announces each order refused for going over an exposure limit.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type TRiskOverview, ZRiskOverview } from '@td/contracts/risk';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { subscribeRisk } from '../../../lib/socket';

export const ADMIN_RISK_KEY = ['admin', 'risk'] as const;
/** The whole overview is read again this often; the pairs move live through the stream meanwhile. */
const RISK_REFETCH_MS = 30_000;

/** GET /admin/risk → exposure per pair, accounts near stop-out, the house's result (Real and Demo). */
export const useAdminRisk = () =>
  useQuery({
    queryKey: ADMIN_RISK_KEY,
    queryFn: async () => (await api.get('/admin/risk', { schema: ZRiskOverview, silent: true })).data,
    refetchInterval: RISK_REFETCH_MS,
  });

/**
 * The staff channel `admin:risk` while the screen is open: each exposure snapshot replaces the
 * pairs of both books; an exposure-limit refusal is announced and the overview read again.
 */
export function useLiveRisk(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeRisk({
        onExposure: (event) =>
          queryClient.setQueryData<TRiskOverview>(ADMIN_RISK_KEY, (current) =>
            current
              ? {
                  ...current,
                  asOf: event.asOf,
                  real: { ...current.real, pairs: event.real },
                  demo: { ...current.demo, pairs: event.demo },
                }
              : current,
          ),
        onExposureLimit: (event) => {
          toast.error(
            t('admin.risk.limitAlert', {
              pair: event.symbol,
              amount: formatMoney(event.amount, 2),
              limit: formatMoney(event.maxNetExposure, 2),
            }),
          );
          void queryClient.invalidateQueries({ queryKey: ADMIN_RISK_KEY });
        },
      }),
    [queryClient],
  );
}
