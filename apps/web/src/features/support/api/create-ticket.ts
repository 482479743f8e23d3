import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TCreateTicketRequest, ZTicket } from '@td/contracts/tickets';
import { api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { TICKETS_QUERY_KEY } from './get-tickets';

/** POST /tickets {type, subject, message, orderId?, attachments?} → 201 the ticket. */
export function createTicket(body: TCreateTicketRequest) {
  return api.post('/tickets', body, { schema: ZTicket, fallbackErrorMessage: t('support.new.sendFailed') });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_QUERY_KEY }),
  });
}
