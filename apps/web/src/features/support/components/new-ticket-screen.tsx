// The page that opens a support ticket: type, subject, first message and images, about one of the
// user's orders or one deposit or withdrawal if wanted (choosing one clears the other). The address
// can preselect the type, order or transaction; the server's field errors show on their fields.
import { TICKET_TYPE, type TTicketType } from '@td/contracts/statuses';
import { TICKET_SUBJECT_LENGTH } from '@td/contracts/tickets';
import type { TOrder } from '@td/contracts/trading';
import type { TWalletTransaction } from '@td/contracts/wallet';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/button';
import { Card } from '../../../components/card';
import { PageHeader } from '../../../components/page-header';
import { SelectField } from '../../../components/select-field';
import { TextAreaField, TextField } from '../../../components/text-field';
import { AttachmentPicker, type TAttachment } from '../../../domain/support/components/attachment-picker';
import { accountLabel } from '../../../domain/trading/components/account-switch';
import { useOrders } from '../../../domain/trading/get-orders';
import { sideLabel } from '../../../domain/trading/order-labels';
import { coinAmountUnit, coinName, networkName } from '../../../domain/wallet/components/coin-labels';
import { useWalletTransactions } from '../../../domain/wallet/get-wallet-transactions';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { displaySymbol } from '../../../lib/format-market';
import { t, translateServerMessage, useT } from '../../../lib/i18n';
import { paymentStatusText, ticketTypeText } from '../../../lib/labels';
import { PATHS } from '../../../lib/paths';
import { useCreateTicket } from '../api/create-ticket';
import styles from './support.module.css';

const PICKER_LIMIT = 50;
const TICKET_TYPES = Object.keys(TICKET_TYPE) as TTicketType[];

const orderLabel = (order: TOrder) =>
  `${sideLabel(order.side)} ${displaySymbol(order.symbol)} · ${formatMoney(order.amount, 2)} USD · ${accountLabel(
    order.account,
  )} · ${formatDateTime(order.createdAt)}`;

const transactionLabel = (tx: TWalletTransaction) =>
  `${tx.kind === 'deposit' ? t('wallet.kind.deposit') : t('wallet.kind.withdrawal')} ${tx.coinAmount} ${coinAmountUnit(tx.coin)} (${coinName(
    tx.coin,
  )} · ${networkName(tx.network)}) · ${paymentStatusText(tx.status)} · ${formatDateTime(tx.createdAt)}`;

/** A ticket is about one order or one payment, not both: choosing one clears the other's choice. */
const pickOne =
  (choose: (id: string) => void, clearOther: (id: string) => void) =>
  (event: ChangeEvent<HTMLSelectElement>) => {
    choose(event.target.value);
    if (event.target.value) clearOther('');
  };

/** The field a server error names ("body.subject" → "subject"). */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  return Object.fromEntries(
    (error.details as { field?: string; message?: string }[]).map((issue) => [
      String(issue.field ?? '').replace(/^body\./, ''),
      translateServerMessage(issue.message ?? ''),
    ]),
  );
}

/**
 * A new ticket: its type, subject and first message, optionally about one of the user's orders or
 * one of their deposits or withdrawals (one or the other), with images.
 */
export function NewTicketScreen() {
  const t = useT();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [type, setType] = useState<TTicketType>(
    (searchParams.get('type') as TTicketType) === 'bug' ? 'bug' : 'trade',
  );
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [orderId, setOrderId] = useState(searchParams.get('order') ?? '');
  const [transactionId, setTransactionId] = useState(searchParams.get('transaction') ?? '');
  const [attachments, setAttachments] = useState<TAttachment[]>([]);
  const create = useCreateTicket();
  const real = useOrders({ account: 'real', page: 1, limit: PICKER_LIMIT });
  const demo = useOrders({ account: 'demo', page: 1, limit: PICKER_LIMIT });
  const orders = [...(real.data?.items ?? []), ...(demo.data?.items ?? [])].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
  const payments = useWalletTransactions({ page: 1, limit: PICKER_LIMIT });
  const errors = fieldErrors(create.error);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { data } = await create.mutateAsync({
        type,
        subject,
        message,
        ...(orderId ? { orderId } : {}),
        ...(transactionId ? { transactionId } : {}),
        attachments: attachments.map((attachment) => attachment.id),
      });
      await navigate(PATHS.ticket(data.id));
    } catch {
      // The api client has shown the error; the fields show theirs.
    }
  };

  return (
    <>
      <PageHeader title={t('support.newTicket')} description={t('support.new.description')} />
      <Card className={styles.formCard}>
        <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
          <div className={styles.formRow}>
            <SelectField
              label={t('support.column.type')}
              value={type}
              options={TICKET_TYPES.map((value) => ({ value, label: ticketTypeText(value) }))}
              onChange={(event) => setType(event.target.value === 'bug' ? 'bug' : 'trade')}
            />
            <SelectField
              label={t('support.new.order')}
              value={orderId}
              data-testid="order-picker"
              placeholder={
                real.isPending || demo.isPending ? t('support.new.ordersLoading') : t('support.new.noOrder')
              }
              options={orders.map((order) => ({ value: order.id, label: orderLabel(order) }))}
              error={errors.orderId}
              onChange={pickOne(setOrderId, setTransactionId)}
            />
          </div>
          <SelectField
            label={t('support.new.transaction')}
            value={transactionId}
            data-testid="transaction-picker"
            placeholder={
              payments.isPending ? t('support.new.transactionsLoading') : t('support.new.noTransaction')
            }
            options={(payments.data?.items ?? []).map((tx) => ({
              value: tx.id,
              label: transactionLabel(tx),
            }))}
            error={errors.transactionId}
            onChange={pickOne(setTransactionId, setOrderId)}
          />
          <TextField
            label={t('support.column.subject')}
            value={subject}
            maxLength={TICKET_SUBJECT_LENGTH.max}
            placeholder={t('support.new.subjectPlaceholder')}
            error={errors.subject}
            onChange={(event) => setSubject(event.target.value)}
            required
          />
          <TextAreaField
            label={t('support.new.message')}
            value={message}
            rows={6}
            placeholder={t('support.new.messagePlaceholder')}
            error={errors.message}
            onChange={(event) => setMessage(event.target.value)}
            required
          />
          <AttachmentPicker value={attachments} onChange={setAttachments} />
          <div className={styles.formActions}>
            <ButtonLink to={PATHS.support} variant="ghost">
              {t('common.cancel')}
            </ButtonLink>
            <Button type="submit" variant="primary" isLoading={create.isPending}>
              {t('support.new.submit')}
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}
