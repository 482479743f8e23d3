import { TICKET_CODE } from '@td/contracts/statuses';
import type { TTicketSummary } from '@td/contracts/tickets';
import { Link } from 'react-router';
import type { TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconLifeBuoy } from '../../../components/icons';
import {
  ALL_TICKETS_TAB,
  TICKET_STATUS_TABS,
  type TTicketFilter,
  ticketColumns,
} from '../../../domain/support/components/ticket-columns';
import { PATHS } from '../../../lib/paths';
import { useTicketQueue } from '../api/admin-tickets';
import styles from './admin.module.css';
import { AdminList, ListSearch, StatusTabs, useListFilters } from './admin-list';

type TRow = TTicketSummary & { userEmail: string };
const shared = ticketColumns<TRow>();
/** Open first: they wait for an answer. */
const FILTERS = [...TICKET_STATUS_TABS, ALL_TICKETS_TAB];

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
  shared.type,
  shared.link,
  { key: 'last', header: 'Waiting on', cell: (ticket) => (ticket.lastFrom === 'user' ? 'Support' : 'User') },
  shared.updated,
  shared.status,
];

/** The support queue: Open first (they wait for us), then In Progress and Closed. */
export function AdminTicketsScreen() {
  const list = useListFilters<{ status: TTicketFilter; q: string }>({ status: TICKET_CODE.open, q: '' });
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
      skeletonRows={6}
      empty={<EmptyState icon={<IconLifeBuoy size={24} />} title="No tickets here." />}
      query={query}
      noun="tickets"
    />
  );
}
