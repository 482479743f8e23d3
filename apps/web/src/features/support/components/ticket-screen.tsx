import { TICKET_CODE, TICKET_TYPE } from '@td/contracts/statuses';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/button';
import { Callout } from '../../../components/callout';
import { Card } from '../../../components/card';
import { LoadError } from '../../../components/empty-state';
import { IconArrowLeft, IconSend } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { TextAreaField } from '../../../components/text-field';
import { AttachmentPicker, type TAttachment } from '../../../domain/support/components/attachment-picker';
import { TicketMessages } from '../../../domain/support/components/ticket-messages';
import { TicketStatusBadge } from '../../../domain/support/components/ticket-status-badge';
import { PaymentStatusBadge } from '../../../domain/wallet/components/payment-status-badge';
import { formatDateTime } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { useTicket } from '../api/get-ticket';
import { useCloseTicket, useSendTicketMessage } from '../api/ticket-actions';
import styles from './support.module.css';

const back = (
  <ButtonLink to={PATHS.support} variant="ghost" icon={<IconArrowLeft size={16} />}>
    All tickets
  </ButtonLink>
);

/** One ticket: its facts, the conversation with support, a reply box and Close. */
export function TicketScreen() {
  const { id = '' } = useParams();
  const query = useTicket(id);
  const send = useSendTicketMessage();
  const close = useCloseTicket();
  const [message, setMessage] = useState('');
  const [attachments, setAttachments] = useState<TAttachment[]>([]);
  const ticket = query.data;

  const onReply = async (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) return;
    try {
      await send.mutateAsync({ id, message, attachments: attachments.map((attachment) => attachment.id) });
      setMessage('');
      setAttachments([]);
    } catch {
      // The api client has shown the error.
    }
  };

  if (query.isError && !ticket) {
    const isMissing = (query.error as { status?: number }).status === 404;
    return (
      <>
        <PageHeader title="Ticket" actions={back} />
        <Card>
          <LoadError
            title={isMissing ? 'This ticket does not exist.' : 'The ticket could not load.'}
            description={isMissing ? 'It may belong to another account.' : undefined}
            onRetry={isMissing ? undefined : () => void query.refetch()}
          />
        </Card>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={ticket ? ticket.subject : 'Ticket'}
        description={
          ticket ? (
            <span className={styles.facts}>
              <TicketStatusBadge status={ticket.status} />
              <span>{TICKET_TYPE[ticket.type]}</span>
              <span>Opened {formatDateTime(ticket.createdAt)}</span>
              {ticket.link?.kind === 'order' ? (
                <Link to={PATHS.history} className={styles.linkChip} title="The order this ticket is about">
                  {ticket.link.label}
                </Link>
              ) : null}
              {ticket.link?.kind === 'transaction' ? (
                <Link
                  to={PATHS.wallet}
                  className={styles.linkChip}
                  title="The deposit or withdrawal this ticket is about"
                  data-testid="ticket-transaction-link"
                >
                  {ticket.link.label}
                </Link>
              ) : null}
              {ticket.link?.kind === 'transaction' && ticket.link.status ? (
                <PaymentStatusBadge status={ticket.link.status} />
              ) : null}
            </span>
          ) : (
            <Skeleton width={280} />
          )
        }
        actions={
          <div className={styles.headerActions}>
            {back}
            {ticket && ticket.status !== TICKET_CODE.closed ? (
              <Button
                variant="secondary"
                isLoading={close.isPending}
                onClick={() =>
                  void close.mutateAsync(id).then(
                    (result) => toast.success(result.message),
                    () => undefined,
                  )
                }
              >
                Close ticket
              </Button>
            ) : null}
          </div>
        }
      />
      <Card className={styles.threadCard}>
        {ticket ? (
          <TicketMessages messages={ticket.messages} viewer="user" />
        ) : (
          <div className={styles.threadSkeleton}>
            <Skeleton shape="block" height={72} width="70%" />
            <Skeleton shape="block" height={56} width="60%" />
          </div>
        )}
      </Card>
      {ticket?.status === TICKET_CODE.closed ? (
        <Callout tone="info" className={styles.closedNote}>
          This ticket is closed. Writing a new message reopens it.
        </Callout>
      ) : null}
      <Card title="Reply" className={styles.replyCard}>
        <form className={styles.form} onSubmit={(event) => void onReply(event)}>
          <TextAreaField
            label="Your message"
            value={message}
            rows={4}
            onChange={(event) => setMessage(event.target.value)}
            placeholder="Add details or answer support"
          />
          <div className={styles.replyActions}>
            <AttachmentPicker value={attachments} onChange={setAttachments} />
            <Button
              type="submit"
              variant="primary"
              icon={<IconSend size={16} />}
              isLoading={send.isPending}
              disabled={!ticket || !message.trim()}
            >
              Send
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}
