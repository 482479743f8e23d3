import { TICKET_CODE, TICKET_STATUS } from '@td/contracts/statuses';
import type { TTicketSummary } from '@td/contracts/tickets';
import { useState } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button';
import { Card } from '../../../components/card';
import type { TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { FilterTabs } from '../../../components/filter-tabs';
import { IconLifeBuoy, IconPlus } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { PagedTable, usePager } from '../../../components/paged-table';
import {
  ALL_TICKETS_TAB,
  TICKET_STATUS_TABS,
  type TTicketFilter,
  ticketColumns,
} from '../../../domain/support/components/ticket-columns';
import { PATHS } from '../../../lib/paths';
import { useSettings } from '../../../lib/settings';
import { TICKETS_PAGE_SIZE, useTickets } from '../api/get-tickets';
import styles from './support.module.css';

const shared = ticketColumns<TTicketSummary>();

const COLUMNS: TColumn<TTicketSummary>[] = [
  {
    key: 'subject',
    header: 'Subject',
    isPrimary: true,
    cell: (ticket) => (
      <Link to={PATHS.ticket(ticket.id)} className={styles.subjectLink}>
        {ticket.subject}
        {ticket.lastFrom === 'staff' && ticket.status !== TICKET_CODE.closed ? (
          <span className={styles.replied}>Support replied</span>
        ) : null}
      </Link>
    ),
  },
  shared.type,
  shared.link,
  shared.updated,
  shared.status,
];

/** All first: a customer looks for their own tickets whatever their status. */
const FILTERS = [ALL_TICKETS_TAB, ...TICKET_STATUS_TABS];

/** My tickets: every support request of the user, filtered by status, with a way to open a new one. */
export function TicketsScreen() {
  const [filter, setFilter] = useState<TTicketFilter>('all');
  const pager = usePager(TICKETS_PAGE_SIZE);
  const query = useTickets(filter === 'all' ? undefined : filter, pager.page);
  const { supportEmail } = useSettings('general');
  const newTicket = (
    <ButtonLink to={PATHS.newTicket} variant="primary" icon={<IconPlus size={16} />}>
      New ticket
    </ButtonLink>
  );

  return (
    <>
      <PageHeader
        title="Support"
        description={
          <>
            Ask about an order or report a problem; we answer here and by e-mail. You can also write to{' '}
            <a href={`mailto:${supportEmail}`} data-testid="support-email">
              {supportEmail}
            </a>
            .
          </>
        }
        actions={newTicket}
      />
      <Card isFlush>
        <div className={styles.toolbar}>
          <FilterTabs
            label="Status"
            tabs={FILTERS}
            value={filter}
            onChange={(value) => {
              setFilter(value);
              pager.setPage(1);
            }}
            controls="tickets-table"
          />
        </div>
        <div id="tickets-table" data-testid="tickets-table">
          <PagedTable
            caption="My tickets"
            columns={COLUMNS}
            query={query}
            pager={pager}
            noun="tickets"
            skeletonRows={5}
            errorTitle="Your tickets could not load."
            empty={
              <EmptyState
                icon={<IconLifeBuoy size={24} />}
                title={
                  filter === 'all'
                    ? 'You have no tickets.'
                    : `No ${TICKET_STATUS[filter].toLowerCase()} tickets.`
                }
                description="Something wrong with a trade, or a bug? Open a ticket and our team will answer."
                action={filter === 'all' ? newTicket : undefined}
              />
            }
          />
        </div>
      </Card>
    </>
  );
}
