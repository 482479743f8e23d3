import { TICKET_CODE, TICKET_STATUS, TICKET_TYPE, type TTicketStatus } from '@td/contracts/statuses';
import type { TTicketSummary } from '@td/contracts/tickets';
import type { TColumn } from '../../../components/data-table';
import type { TFilterTab } from '../../../components/filter-tabs';
import { formatDateTime } from '../../../lib/format';
import styles from './support.module.css';
import { TicketStatusBadge } from './ticket-status-badge';

/** A ticket list's status filter: one of the statuses, or all of them. */
export type TTicketFilter = 'all' | TTicketStatus;

/** The status tabs of a ticket list, in the order of a ticket's life; each list places All. */
export const TICKET_STATUS_TABS: readonly TFilterTab<TTicketFilter>[] = [
  { value: TICKET_CODE.open, label: TICKET_STATUS.opn },
  { value: TICKET_CODE.inProgress, label: TICKET_STATUS.pnd },
  { value: TICKET_CODE.closed, label: TICKET_STATUS.cls },
];
export const ALL_TICKETS_TAB: TFilterTab<TTicketFilter> = { value: 'all', label: 'All' };

/** The columns every ticket list shows, the customer's and the back-office's alike. */
export function ticketColumns<TRow extends TTicketSummary>() {
  return {
    type: { key: 'type', header: 'Type', cell: (ticket) => TICKET_TYPE[ticket.type] },
    link: {
      key: 'link',
      header: 'Concerns',
      cell: (ticket) => <span className={styles.concerns}>{ticket.link?.label ?? '—'}</span>,
    },
    updated: {
      key: 'updated',
      header: 'Last activity',
      cell: (ticket) => <span className="tabular">{formatDateTime(ticket.updatedAt)}</span>,
    },
    status: {
      key: 'status',
      header: 'Status',
      align: 'end',
      cell: (ticket) => <TicketStatusBadge status={ticket.status} />,
    },
  } satisfies Record<string, TColumn<TRow>>;
}
