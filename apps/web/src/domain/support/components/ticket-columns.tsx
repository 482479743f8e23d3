import { TICKET_CODE, type TTicketStatus } from '@td/contracts/statuses';
import type { TTicketSummary } from '@td/contracts/tickets';
import { dateTimeColumn, type TColumn } from '../../../components/data-table';
import type { TFilterTab } from '../../../components/filter-tabs';
import { t } from '../../../lib/i18n';
import { ticketStatusText, ticketTypeText } from '../../../lib/labels';
import styles from './support.module.css';
import { TicketStatusBadge } from './ticket-status-badge';

/** A ticket list's status filter: one of the statuses, or all of them. */
export type TTicketFilter = 'all' | TTicketStatus;

/**
 * The status tabs of a ticket list, in the order of a ticket's life; each list places All. Called
 * while drawing, like the tab and the columns below, so the words are in the language shown.
 */
export const ticketStatusTabs = (): TFilterTab<TTicketFilter>[] =>
  [TICKET_CODE.open, TICKET_CODE.inProgress, TICKET_CODE.closed].map((value) => ({
    value,
    label: ticketStatusText(value),
  }));
export const allTicketsTab = (): TFilterTab<TTicketFilter> => ({ value: 'all', label: t('common.all') });

/** The columns every ticket list shows, the customer's and the back-office's alike. */
export function ticketColumns<TRow extends TTicketSummary>() {
  return {
    type: { key: 'type', header: t('support.column.type'), cell: (ticket) => ticketTypeText(ticket.type) },
    link: {
      key: 'link',
      header: t('support.column.concerns'),
      cell: (ticket) => <span className={styles.concerns}>{ticket.link?.label ?? '—'}</span>,
    },
    updated: dateTimeColumn('updated', t('support.column.updated'), (ticket) => ticket.updatedAt),
    status: {
      key: 'status',
      header: t('support.column.status'),
      align: 'end',
      cell: (ticket) => <TicketStatusBadge status={ticket.status} />,
    },
  } satisfies Record<string, TColumn<TRow>>;
}
