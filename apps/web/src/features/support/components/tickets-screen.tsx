import { TICKET_CODE } from '@td/contracts/statuses';
import type { TTicketSummary } from '@td/contracts/tickets';
import { useState } from 'react';
import { Link } from 'react-router';
import { IconLifeBuoy, IconPlus } from '../../../components/app-icons';
import { ButtonLink } from '../../../components/button';
import { Card } from '../../../components/card';
import type { TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { FilterTabs } from '../../../components/filter-tabs';
import { PageHeader } from '../../../components/page-header';
import { PagedTable, usePager } from '../../../components/paged-table';
import {
  allTicketsTab,
  type TTicketFilter,
  ticketColumns,
  ticketStatusTabs,
} from '../../../domain/support/components/ticket-columns';
import { t, tRich, useT } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useSettings } from '../../../lib/settings';
import { TICKETS_PAGE_SIZE, useTickets } from '../api/get-tickets';
import styles from './support.module.css';

/** The customer's ticket list: the subject (with a mark when support replied) first. */
function columns(): TColumn<TTicketSummary>[] {
  const shared = ticketColumns<TTicketSummary>();
  return [
    {
      key: 'subject',
      header: t('support.column.subject'),
      isPrimary: true,
      cell: (ticket) => (
        <Link to={PATHS.ticket(ticket.id)} className={styles.subjectLink}>
          {ticket.subject}
          {ticket.lastFrom === 'staff' && ticket.status !== TICKET_CODE.closed ? (
            <span className={styles.replied}>{t('support.replied')}</span>
          ) : null}
        </Link>
      ),
    },
    shared.type,
    shared.link,
    shared.updated,
    shared.status,
  ];
}

/** My tickets: every support request of the user, filtered by status, with a way to open a new one. */
export function TicketsScreen() {
  const t = useT();
  const [filter, setFilter] = useState<TTicketFilter>('all');
  const pager = usePager(TICKETS_PAGE_SIZE);
  const query = useTickets(filter === 'all' ? undefined : filter, pager.page);
  const { supportEmail } = useSettings('general');
  const newTicket = (
    <ButtonLink to={PATHS.newTicket} variant="primary" icon={<IconPlus size={16} />}>
      {t('support.newTicket')}
    </ButtonLink>
  );

  return (
    <>
      <PageHeader
        title={t('nav.support')}
        description={tRich(
          'support.description',
          { email: supportEmail },
          {
            email: (text) => (
              <a href={`mailto:${supportEmail}`} className="text-link" data-testid="support-email">
                {text}
              </a>
            ),
          },
        )}
        actions={newTicket}
      />
      <Card isFlush>
        <div className={styles.toolbar}>
          <FilterTabs
            label={t('support.column.status')}
            // All first: a customer looks for their own tickets whatever their status.
            tabs={[allTicketsTab(), ...ticketStatusTabs()]}
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
            caption={t('support.myTickets')}
            columns={columns()}
            query={query}
            pager={pager}
            noun={t('support.noun')}
            skeletonRows={5}
            errorTitle={t('support.loadError')}
            empty={
              <EmptyState
                icon={<IconLifeBuoy size={24} />}
                title={t(`support.empty.${filter}`)}
                description={t('support.emptyText')}
                action={filter === 'all' ? newTicket : undefined}
              />
            }
          />
        </div>
      </Card>
    </>
  );
}
