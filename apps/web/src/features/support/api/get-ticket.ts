// Reads one support ticket with its thread (another user's is a 404, not retried), refreshed every
// 30 seconds while it is open.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZTicket } from '@td/contracts/tickets';
import { api } from '../../../lib/api-client';
import { TICKETS_QUERY_KEY } from './get-tickets';

export const ticketQueryKey = (id: string) => [...TICKETS_QUERY_KEY, 'one', id] as const;

/** GET /tickets/{id} → the ticket with its thread (404 for another user's). */
export function getTicket(id: string) {
  return api.get(`/tickets/${encodeURIComponent(id)}`, { schema: ZTicket, silent: true });
}

/** Polled while open: support's replies also arrive as notifications, which invalidate it. */
export const ticketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ticketQueryKey(id),
    queryFn: async () => (await getTicket(id)).data,
    refetchInterval: 30_000,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });

export function useTicket(id: string) {
  return useQuery(ticketQueryOptions(id));
}
