import type { TTicketStatus } from '@td/contracts/statuses';
import { TICKET_CODE } from '@td/contracts/statuses';

/** What happens to a ticket. */
export type TicketEvent = 'user_message' | 'staff_reply' | 'close';

/**
 * A ticket's status after an event: a staff reply puts it In Progress (`pnd`), a message from the
 * user (re)opens it for support (`opn`, also when it was closed), and either side may close it.
 */
export function nextTicketStatus(_current: TTicketStatus, event: TicketEvent): TTicketStatus {
  switch (event) {
    case 'user_message':
      return TICKET_CODE.open;
    case 'staff_reply':
      return TICKET_CODE.inProgress;
    case 'close':
      return TICKET_CODE.closed;
  }
}
