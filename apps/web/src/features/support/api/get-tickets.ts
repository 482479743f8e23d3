// Reads the user's support tickets a page at a time, of one status or all, most recently active
// first; the current page stays on screen while the next one loads.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageOf } from '@td/contracts/envelope';
import type { TTicketStatus } from '@td/contracts/statuses';
import { ZTicketSummary } from '@td/contracts/tickets';
import { api } from '../../../lib/api-client';

export const TICKETS_QUERY_KEY = ['tickets'] as const;
export const TICKETS_PAGE_SIZE = 10;

/** GET /tickets?status=&page= → the user's tickets, most recently active first. */
export function getTickets(status: TTicketStatus | undefined, page: number) {
  return api.get('/tickets', {
    params: { ...(status ? { status } : {}), page, limit: TICKETS_PAGE_SIZE },
    schema: pageOf(ZTicketSummary),
    silent: true,
  });
}

export const ticketsQueryOptions = (status: TTicketStatus | undefined, page: number) =>
  queryOptions({
    queryKey: [...TICKETS_QUERY_KEY, 'list', { status, page }],
    queryFn: async () => (await getTickets(status, page)).data,
    placeholderData: keepPreviousData,
  });

export function useTickets(status: TTicketStatus | undefined, page: number) {
  return useQuery(ticketsQueryOptions(status, page));
}
