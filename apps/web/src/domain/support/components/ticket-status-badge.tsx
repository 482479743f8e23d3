import { TICKET_STATUS_TONE, type TTicketStatus } from '@td/contracts/statuses';
import { Badge } from '../../../components/badge';
import { ticketStatusText } from '../../../lib/labels';

/** A ticket's status in the product's words (Open, In Progress, Closed). */
export function TicketStatusBadge({ status }: { status: TTicketStatus }) {
  return (
    <Badge tone={TICKET_STATUS_TONE[status]}>
      <span data-status={status}>{ticketStatusText(status)}</span>
    </Badge>
  );
}
