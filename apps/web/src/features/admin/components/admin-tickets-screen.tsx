import { TICKET_CODE, TICKET_STATUS, TICKET_TYPE, type TTicketStatus } from '@td/contracts/statuses';
import type { TTicketSummary } from '@td/contracts/tickets';
import { Link } from 'react-router';
import type { TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconLifeBuoy } from '../../../components/icons';
import { TicketStatusBadge } from '../../../domain/support/components/ticket-status-badge';
import { formatDateTime } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { useTicketQueue } from '../api/admin-tickets';
import styles from './admin.module.css';
import { AdminList, ListSearch, StatusTabs, useListFilters } from './admin-list';

type TRow = TTicketSummary & { userEmail: string };
type TFilter = 'all' | TTicketStatus;
const FILTERS: { value: TFilter; label: string }[] = [
  { value: TICKET_CODE.open, label: TICKET_STATUS.opn },
  { value: TICKET_CODE.inProgress, label: TICKET_STATUS.pnd },
  { value: TICKET_CODE.closed, label: TICKET_STATUS.cls },
  { value: 'all', label: 'All' },
];

const COLUMNS: TColumn<TRow>[] = [
  {
    key: 'subject',
    header: 'Subject',
    isPrimary: true,
    cell: (ticket) => (
      <Link to={PATHS.admin.ticket(ticket.id)} className={styles.strongLink}>
        {ticket.subject}
        <span className={styles.sub}>{ticket.userEmail}</span>
      </Link>
    ),
  },
  { key: 'type', header: 'Type', cell: (ticket) => TICKET_TYPE[ticket.type] },
  {
    key: 'link',
    header: 'Concerns',
    cell: (ticket) => <span className={styles.sub}>{ticket.link?.label ?? '—'}</span>,
  },
  { key: 'last', header: 'Waiting on', cell: (ticket) => (ticket.lastFrom === 'user' ? 'Support' : 'User') },
  {
    key: 'updated',
    header: 'Last activity',
    cell: (ticket) => <span className="tabular">{formatDateTime(ticket.updatedAt)}</span>,
  },
  {
    key: 'status',
    header: 'Status',
    align: 'end',
    cell: (ticket) => <TicketStatusBadge status={ticket.status} />,
  },
];

/** The support queue: Open first (they wait for us), then In Progress and Closed. */
export function AdminTicketsScreen() {
  const list = useListFilters<{ status: TFilter; q: string }>({ status: TICKET_CODE.open, q: '' });
  const { status, q } = list.filters;
  const query = useTicketQueue(status === 'all' ? undefined : status, q.trim(), list.page);
  return (
    <AdminList
      list={list}
      toolbar={
        <>
          <StatusTabs list={list} tabs={FILTERS} />
          <ListSearch
            label="Search"
            placeholder="Subject or e-mail"
            value={q}
            onChange={(value) => list.setFilter('q', value)}
          />
        </>
      }
      caption="Support tickets"
      columns={COLUMNS}
      rowKey={(ticket) => ticket.id}
      skeletonRows={6}
      empty={<EmptyState icon={<IconLifeBuoy size={24} />} title="No tickets here." />}
      query={query}
      noun="tickets"
    />
  );
}
