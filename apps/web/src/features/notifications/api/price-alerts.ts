import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type TCreateAlertRequest, ZPriceAlert } from '@td/contracts/notifications';
import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';

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

function useAlertMutation<TInput>(run: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERTS_QUERY_KEY }),
  });
}

export const useCreateAlert = () => useAlertMutation(createAlert);
export const useDeleteAlert = () => useAlertMutation(deleteAlert);
