import { paymentStatusLabel, TICKET_TYPE, type TTicketType } from '@td/contracts/statuses';
import { TICKET_SUBJECT_LENGTH } from '@td/contracts/tickets';
import type { TOrder } from '@td/contracts/trading';
import type { TWalletTransaction } from '@td/contracts/wallet';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/button';
import { Card } from '../../../components/card';
import { PageHeader } from '../../../components/page-header';
import { SelectField } from '../../../components/select-field';
import { TextAreaField, TextField } from '../../../components/text-field';
import { AttachmentPicker, type TAttachment } from '../../../domain/support/components/attachment-picker';
import { useOrders } from '../../../domain/trading/get-orders';
import { coinAmountUnit, coinName, networkName } from '../../../domain/wallet/components/coin-labels';
import { useWalletTransactions } from '../../../domain/wallet/get-wallet-transactions';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { displaySymbol } from '../../../lib/format-market';
import { PATHS } from '../../../lib/paths';
import { useCreateTicket } from '../api/create-ticket';
import styles from './support.module.css';

const PICKER_LIMIT = 50;
const TYPE_OPTIONS = (Object.keys(TICKET_TYPE) as TTicketType[]).map((value) => ({
  value,
  label: TICKET_TYPE[value],
}));

const orderLabel = (order: TOrder) =>
  `${order.side === 'buy' ? 'Buy' : 'Sell'} ${displaySymbol(order.symbol)} · ${formatMoney(order.amount, 2)} USD · ${
    order.account === 'demo' ? 'Demo' : 'Real'
  } · ${formatDateTime(order.createdAt)}`;

const transactionLabel = (tx: TWalletTransaction) =>
  `${tx.kind === 'deposit' ? 'Deposit' : 'Withdrawal'} ${tx.coinAmount} ${coinAmountUnit(tx.coin)} (${coinName(
    tx.coin,
  )} · ${networkName(tx.network)}) · ${paymentStatusLabel(tx.status)} · ${formatDateTime(tx.createdAt)}`;

/** The field a server error names ("body.subject" → "subject"). */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  return Object.fromEntries(
    (error.details as { field?: string; message?: string }[]).map((issue) => [
      String(issue.field ?? '').replace(/^body\./, ''),
      issue.message ?? '',
    ]),
  );
}

/**
 * A new ticket: its type, subject and first message, optionally about one of the user's orders or
 * one of their deposits or withdrawals (one or the other), with images.
 */
export function NewTicketScreen() {
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
      <PageHeader title="New ticket" description="Tell us what happened; attach screenshots if they help." />
      <Card className={styles.formCard}>
        <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
          <div className={styles.formRow}>
            <SelectField
              label="Type"
              value={type}
              options={TYPE_OPTIONS}
              onChange={(event) => setType(event.target.value === 'bug' ? 'bug' : 'trade')}
            />
            <SelectField
              label="Order it concerns (optional)"
              value={orderId}
              data-testid="order-picker"
              options={[
                { value: '', label: real.isPending || demo.isPending ? 'Loading your orders…' : 'No order' },
                ...orders.map((order) => ({ value: order.id, label: orderLabel(order) })),
              ]}
              error={errors.orderId}
              onChange={(event) => {
                setOrderId(event.target.value);
                if (event.target.value) setTransactionId('');
              }}
            />
          </div>
          <SelectField
            label="Deposit or withdrawal it concerns (optional)"
            value={transactionId}
            data-testid="transaction-picker"
            options={[
              { value: '', label: payments.isPending ? 'Loading your deposits and withdrawals…' : 'None' },
              ...(payments.data?.items ?? []).map((tx) => ({ value: tx.id, label: transactionLabel(tx) })),
            ]}
            error={errors.transactionId}
            onChange={(event) => {
              setTransactionId(event.target.value);
              if (event.target.value) setOrderId('');
            }}
          />
          <TextField
            label="Subject"
            value={subject}
            maxLength={TICKET_SUBJECT_LENGTH.max}
            placeholder="e.g. My stop loss did not trigger"
            error={errors.subject}
            onChange={(event) => setSubject(event.target.value)}
            required
          />
          <TextAreaField
            label="Message"
            value={message}
            rows={6}
            placeholder="What did you expect, and what happened instead?"
            error={errors.message}
            onChange={(event) => setMessage(event.target.value)}
            required
          />
          <AttachmentPicker value={attachments} onChange={setAttachments} />
          <div className={styles.formActions}>
            <ButtonLink to={PATHS.support} variant="ghost">
              Cancel
            </ButtonLink>
            <Button type="submit" variant="primary" isLoading={create.isPending}>
              Send ticket
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}
