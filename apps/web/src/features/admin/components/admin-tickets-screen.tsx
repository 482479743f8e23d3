// The back office's support queue: tickets by status, Open first as they wait for an answer, with
// a search, each row naming its user and whether it waits on support or on the user.
import { TICKET_CODE } from '@td/contracts/statuses';
import type { TTicketSummary } from '@td/contracts/tickets';
import { IconLifeBuoy } from '../../../components/app-icons';
import type { TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { type TTicketFilter, ticketColumns } from '../../../domain/support/components/ticket-columns';
import { useT } from '../../../lib/i18n';
import { ticketStatusText } from '../../../lib/labels';
import { PATHS } from '../../../lib/paths';
import { useTicketQueue } from '../api/admin-tickets';
import { NameCell } from './admin-cells';
import { AdminList, ListSearch, StatusTabs, statusTabs, useListFilters } from './admin-list';

type TRow = TTicketSummary & { userEmail: string };
/** Open first: they wait for an answer. */
const FILTERS: readonly TTicketFilter[] = [
  TICKET_CODE.open,
  TICKET_CODE.inProgress,
  TICKET_CODE.closed,
  'all',
];

const columns = (t: ReturnType<typeof useT>): TColumn<TRow>[] => {
  const shared = ticketColumns<TRow>();
  return [
    {
      key: 'subject',
      header: t('admin.tickets.subject'),
      isPrimary: true,
      cell: (ticket) => (
        <NameCell to={PATHS.admin.ticket(ticket.id)} sub={ticket.userEmail}>
          {ticket.subject}
        </NameCell>
      ),
    },
    shared.type,
    shared.link,
    {
      key: 'last',
      header: t('admin.tickets.waitingOn'),
      cell: (ticket) =>
        ticket.lastFrom === 'user' ? t('admin.tickets.waitingOnSupport') : t('admin.tickets.waitingOnUser'),
    },
    shared.updated,
    shared.status,
  ];
};

/** The support queue: Open first (they wait for us), then In Progress and Closed. */
export function AdminTicketsScreen() {
  const t = useT();
  const tabs = statusTabs(FILTERS, ticketStatusText);
  const list = useListFilters<{ status: TTicketFilter; q: string }>({ status: TICKET_CODE.open, q: '' });
  const { status, q } = list.filters;
  const query = useTicketQueue(status === 'all' ? undefined : status, q.trim(), list.page);
  return (
    <AdminList
      list={list}
      toolbar={
        <>
          <StatusTabs list={list} tabs={tabs} />
          <ListSearch
            label={t('common.search')}
            placeholder={t('admin.tickets.searchHint')}
            value={q}
            onChange={(value) => list.setFilter('q', value)}
          />
        </>
      }
      caption={t('admin.title.tickets')}
      columns={columns(t)}
      skeletonRows={6}
      empty={<EmptyState icon={<IconLifeBuoy size={24} />} title={t('admin.tickets.empty')} />}
      query={query}
      noun={t('admin.tickets.noun')}
      errorTitle={t('admin.tickets.loadError')}
    />
  );
}
