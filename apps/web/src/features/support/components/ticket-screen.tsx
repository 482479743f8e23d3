import { TICKET_CODE } from '@td/contracts/statuses';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/button';
import { Callout } from '../../../components/callout';
import { Card } from '../../../components/card';
import { LoadError } from '../../../components/empty-state';
import { IconArrowLeft } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { TicketMessages } from '../../../domain/support/components/ticket-messages';
import { TicketReplyForm } from '../../../domain/support/components/ticket-reply-form';
import { TicketStatusBadge } from '../../../domain/support/components/ticket-status-badge';
import { PaymentStatusBadge } from '../../../domain/wallet/components/payment-status-badge';
import { formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { ticketTypeText } from '../../../lib/labels';
import { PATHS } from '../../../lib/paths';
import { useTicket } from '../api/get-ticket';
import { useCloseTicket, useSendTicketMessage } from '../api/ticket-actions';
import styles from './support.module.css';

/** One ticket: its facts, the conversation with support, a reply box and Close. */
export function TicketScreen() {
  const t = useT();
  const { id = '' } = useParams();
  const query = useTicket(id);
  const send = useSendTicketMessage();
  const close = useCloseTicket();
  const ticket = query.data;
  const back = (
    <ButtonLink to={PATHS.support} variant="ghost" icon={<IconArrowLeft size={16} />}>
      {t('support.ticket.all')}
    </ButtonLink>
  );

  if (query.isError && !ticket) {
    const isMissing = (query.error as { status?: number }).status === 404;
    return (
      <>
        <PageHeader title={t('support.ticket.title')} actions={back} />
        <Card>
          <LoadError
            title={isMissing ? t('support.ticket.missing') : t('support.ticket.loadError')}
            description={isMissing ? t('support.ticket.missingText') : undefined}
            onRetry={isMissing ? undefined : () => void query.refetch()}
          />
        </Card>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={ticket ? ticket.subject : t('support.ticket.title')}
        description={
          ticket ? (
            <span className={styles.facts}>
              <TicketStatusBadge status={ticket.status} />
              <span>{ticketTypeText(ticket.type)}</span>
              <span>{t('support.ticket.opened', { time: formatDateTime(ticket.createdAt) })}</span>
              {ticket.link?.kind === 'order' ? (
                <Link to={PATHS.history} className={styles.linkChip} title={t('support.ticket.order')}>
                  {ticket.link.label}
                </Link>
              ) : null}
              {ticket.link?.kind === 'transaction' ? (
                <Link
                  to={PATHS.wallet}
                  className={styles.linkChip}
                  title={t('support.ticket.transaction')}
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
                {t('support.ticket.close')}
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
          {t('support.ticket.closed')}
        </Callout>
      ) : null}
      <Card title={t('support.ticket.reply')} className={styles.replyCard}>
        <TicketReplyForm
          label={t('support.ticket.message')}
          placeholder={t('support.ticket.messagePlaceholder')}
          sendLabel={t('support.ticket.send')}
          canSend={Boolean(ticket)}
          isPending={send.isPending}
          onSend={(body) => send.mutateAsync({ id, ...body })}
          classNames={{ form: styles.form, actions: styles.replyActions }}
        />
      </Card>
    </>
  );
}
