import { TICKET_STATUS, type TTicketStatus, ZTicketStatus } from '@td/contracts/statuses';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/button';
import { Card } from '../../../components/card';
import { IconArrowLeft, IconSend } from '../../../components/icons';
import { SelectField } from '../../../components/select-field';
import { TextAreaField } from '../../../components/text-field';
import { AttachmentPicker, type TAttachment } from '../../../domain/support/components/attachment-picker';
import { TicketMessages } from '../../../domain/support/components/ticket-messages';
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
  const [message, setMessage] = useState('');
  const [attachments, setAttachments] = useState<TAttachment[]>([]);
  const ticket = query.data;

  const onReply = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await reply.mutateAsync({ id, message, attachments: attachments.map((attachment) => attachment.id) });
      setMessage('');
      setAttachments([]);
      toast.success(t('admin.ticket.replySent'));
    } catch {
      // The api client has shown the error.
    }
  };

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
        <form className={styles.form} onSubmit={(event) => void onReply(event)}>
          <TextAreaField
            label={t('admin.ticket.reply')}
            value={message}
            rows={4}
            onChange={(event) => setMessage(event.target.value)}
          />
          <div className={styles.rowBetween}>
            <AttachmentPicker value={attachments} onChange={setAttachments} />
            <Button
              type="submit"
              variant="primary"
              icon={<IconSend size={16} />}
              isLoading={reply.isPending}
              disabled={!message.trim()}
            >
              {t('admin.ticket.send')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
