import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TTicket, type TTicketMessageRequest, ZTicket } from '@td/contracts/tickets';
import { api } from '../../../lib/api-client';
import { ticketQueryKey } from './get-ticket';
import { TICKETS_QUERY_KEY } from './get-tickets';

/** POST /tickets/{id}/messages {message, attachments?} → the ticket (a closed one reopens). */
export function sendTicketMessage({ id, ...body }: TTicketMessageRequest & { id: string }) {
  return api.post(`/tickets/${encodeURIComponent(id)}/messages`, body, { schema: ZTicket });
}

/** POST /tickets/{id}/close → the ticket, Closed. */
export function closeTicket(id: string) {
  return api.post(`/tickets/${encodeURIComponent(id)}/close`, undefined, { schema: ZTicket });
}

/** Both answer the whole ticket: it replaces the cached one, and the lists refresh. */
function useTicketMutation<TInput>(run: (input: TInput) => Promise<{ message: string; data: TTicket }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(ticketQueryKey(data.id), data);
      return queryClient.invalidateQueries({ queryKey: [...TICKETS_QUERY_KEY, 'list'] });
    },
  });
}

export const useSendTicketMessage = () => useTicketMutation(sendTicketMessage);
export const useCloseTicket = () => useTicketMutation(closeTicket);
