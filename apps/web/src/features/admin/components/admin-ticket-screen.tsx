// One support ticket as staff see it: its details and message thread, a reply (which puts the
// ticket In Progress) and a choice of its status.
import { TICKET_STATUS, type TTicketStatus, ZTicketStatus } from '@td/contracts/statuses';
import toast from 'react-hot-toast';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/button';
import { Card } from '../../../components/card';
import { IconArrowLeft } from '../../../components/icons';
import { SelectField } from '../../../components/select-field';
import { TicketMessages } from '../../../domain/support/components/ticket-messages';
import { TicketReplyForm } from '../../../domain/support/components/ticket-reply-form';
import { TicketStatusBadge } from '../../../domain/support/components/ticket-status-badge';
import { formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { ticketStatusText, ticketTypeText } from '../../../lib/labels';
import { PATHS } from '../../../lib/paths';
import { replyToTicket, setTicketStatus, useAdminTicket, useAdminTicketMutation } from '../api/admin-tickets';
import styles from './admin.module.css';

const statusOptions = () =>
  (Object.keys(TICKET_STATUS) as TTicketStatus[]).map((value) => ({ value, label: ticketStatusText(value) }));

/** A ticket seen by support: the thread, a reply (which puts it In Progress) and its status. */
export function AdminTicketScreen() {
  const t = useT();
  const { id = '' } = useParams();
  const query = useAdminTicket(id);
  const reply = useAdminTicketMutation(replyToTicket);
  const status = useAdminTicketMutation(setTicketStatus);
  const ticket = query.data;

  return (
    <div className={styles.stack}>
      <div className={styles.rowBetween}>
        <ButtonLink to={PATHS.admin.tickets} variant="ghost" icon={<IconArrowLeft size={16} />}>
          {t('admin.queue')}
        </ButtonLink>
        {ticket ? (
          <SelectField
            label={t('admin.column.status')}
            value={ticket.status}
            options={statusOptions()}
            className={styles.statusSelect}
            data-testid="ticket-status-select"
            onChange={(event) => {
              const parsed = ZTicketStatus.safeParse(event.target.value);
              if (parsed.success) void status.mutateAsync({ id, status: parsed.data }).catch(() => undefined);
            }}
          />
        ) : null}
      </div>
      <Card
        title={ticket ? ticket.subject : t('admin.ticket.title')}
        actions={ticket ? <TicketStatusBadge status={ticket.status} /> : null}
      >
        {ticket ? (
          <>
            <p className={styles.sub}>
              {ticketTypeText(ticket.type)} ·{' '}
              {t('admin.ticket.opened', { date: formatDateTime(ticket.createdAt) })}
              {ticket.link ? ` · ${ticket.link.label}` : ''}
            </p>
            <TicketMessages messages={ticket.messages} viewer="staff" />
          </>
        ) : (
          <p className={styles.sub}>{t('common.loading')}</p>
        )}
      </Card>
      <Card title={t('admin.ticket.replyTitle')}>
        <TicketReplyForm
          label={t('admin.ticket.reply')}
          sendLabel={t('admin.ticket.send')}
          isPending={reply.isPending}
          onSend={(body) =>
            reply.mutateAsync({ id, ...body }).then(() => toast.success(t('admin.ticket.replySent')))
          }
          classNames={{ form: styles.form, actions: styles.rowBetween }}
        />
      </Card>
    </div>
  );
}
