import { type TCreateTicketRequest, ZTicket } from '@td/contracts/tickets';
import { api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';
import { TICKETS_QUERY_KEY } from './get-tickets';

/** POST /tickets {type, subject, message, orderId?, attachments?} → 201 the ticket. */
export function createTicket(body: TCreateTicketRequest) {
  return api.post('/tickets', body, { schema: ZTicket, fallbackErrorMessage: t('support.new.sendFailed') });
}

export const useCreateTicket = () => useRefreshingMutation(createTicket, [TICKETS_QUERY_KEY]);
