// The back office's calls for support tickets: the queue with each ticket's user, one ticket, a
// staff reply, and a change of a ticket's status.
import { useQuery } from '@tanstack/react-query';
import type { TTicketStatus } from '@td/contracts/statuses';
import { type TTicketMessageRequest, ZTicket, ZTicketSummary } from '@td/contracts/tickets';
import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';
import { QUEUE_REFETCH_MS, useAdminPage } from './admin-query';

export const ADMIN_TICKETS_KEY = ['admin', 'tickets'] as const;
const ZQueueItem = z.extend(ZTicketSummary, { userEmail: z.string() });

/** GET /admin/tickets?status=&q=&page= → the support queue. */
export const useTicketQueue = (status: TTicketStatus | undefined, q: string, page: number) =>
  useAdminPage(ADMIN_TICKETS_KEY, ZQueueItem, { status, q }, page, QUEUE_REFETCH_MS);

/** GET /admin/tickets/{id}. */
export const useAdminTicket = (id: string) =>
  useQuery({
    queryKey: [...ADMIN_TICKETS_KEY, 'one', id],
    queryFn: async () =>
      (await api.get(`/admin/tickets/${encodeURIComponent(id)}`, { schema: ZTicket })).data,
  });

/** POST /admin/tickets/{id}/messages (→ In Progress) and PUT /admin/tickets/{id}/status. */
export const replyToTicket = ({ id, ...body }: TTicketMessageRequest & { id: string }) =>
  api.post(`/admin/tickets/${encodeURIComponent(id)}/messages`, body, { schema: ZTicket });
export const setTicketStatus = ({ id, status }: { id: string; status: TTicketStatus }) =>
  api.put(`/admin/tickets/${encodeURIComponent(id)}/status`, { status }, { schema: ZTicket });

export const useAdminTicketMutation = <TInput>(run: (input: TInput) => Promise<unknown>) =>
  useRefreshingMutation(run, [ADMIN_TICKETS_KEY]);
