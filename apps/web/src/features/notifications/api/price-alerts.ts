// The user's price alerts: the list (waiting and fired), setting one for a pair above or below a
// price, and deleting one; each change refetches the list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TCreateAlertRequest, ZPriceAlert } from '@td/contracts/notifications';
import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';

export const ALERTS_QUERY_KEY = ['alerts'] as const;

/** GET /alerts → the user's price alerts, waiting and fired. */
export function getAlerts() {
  return api.get('/alerts', { schema: z.array(ZPriceAlert), silent: true });
}

export const alertsQueryOptions = queryOptions({
  queryKey: ALERTS_QUERY_KEY,
  queryFn: async () => (await getAlerts()).data,
});

export const useAlerts = () => useQuery(alertsQueryOptions);

/** POST /alerts {symbol, above|below: price}. */
export const createAlert = (body: TCreateAlertRequest) => api.post('/alerts', body, { schema: ZPriceAlert });
/** DELETE /alerts/{id}. */
export const deleteAlert = (id: string) => api.delete(`/alerts/${encodeURIComponent(id)}`);

export const useCreateAlert = () => useRefreshingMutation(createAlert, [ALERTS_QUERY_KEY]);
export const useDeleteAlert = () => useRefreshingMutation(deleteAlert, [ALERTS_QUERY_KEY]);
