// The back office's Withdrawals screen: those under review, to approve or reject with a reason the
// user reads, and approved ones staff send by hand, to mark sent with the transaction's hash;
// the other statuses are there to look back on.
import { PAYMENT_CODE, type TPaymentStatus } from '@td/contracts/statuses';
import { type TAdminWithdrawal, ZMarkSentRequest, ZRejectWithdrawalRequest } from '@td/contracts/wallet';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { dateTimeColumn, type TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import type { TFilterTab } from '../../../components/filter-tabs';
import { IconWallet } from '../../../components/icons';
import { coinAmountUnit, coinName, networkName } from '../../../domain/wallet/components/coin-labels';
import { PaymentStatusBadge } from '../../../domain/wallet/components/payment-status-badge';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { paymentStatusText } from '../../../lib/labels';
import {
  approveWithdrawal,
  markWithdrawalSent,
  rejectWithdrawal,
  useAdminWithdrawalMutation,
  useAdminWithdrawals,
} from '../api/admin-withdrawals';
import styles from './admin.module.css';
import { NameCell, RowDecision, userColumn } from './admin-cells';
import { AdminList, StatusTabs, useListFilters } from './admin-list';
import { TextDialog } from './text-dialog';

type TFilter = 'all' | TPaymentStatus;
const shortText = (text: string) => (text.length > 18 ? `${text.slice(0, 8)}…${text.slice(-6)}` : text);

/**
 * Withdrawals waiting on the back-office: those under review (approve, or reject with a reason
 * the user reads; the funds go back), and approved ones on networks with no sender (mark sent with
 * the transaction's hash). Every decision lands in the audit log.
 */
export function AdminWithdrawalsScreen() {
  const t = useT();
  const list = useListFilters<{ status: TFilter }>({ status: PAYMENT_CODE.underReview });
  const filter = list.filters.status;
  const [rejecting, setRejecting] = useState<TAdminWithdrawal>();
  const [sending, setSending] = useState<TAdminWithdrawal>();
  const query = useAdminWithdrawals(filter === 'all' ? undefined : filter, list.page);
  const approve = useAdminWithdrawalMutation(approveWithdrawal);
  const reject = useAdminWithdrawalMutation(rejectWithdrawal);
  const markSent = useAdminWithdrawalMutation(markWithdrawalSent);
  const tabs: TFilterTab<TFilter>[] = [
    { value: PAYMENT_CODE.underReview, label: paymentStatusText(PAYMENT_CODE.underReview) },
    { value: PAYMENT_CODE.processing, label: t('admin.withdrawals.toSend') },
    { value: PAYMENT_CODE.sent, label: t('admin.withdrawals.sent') },
    { value: PAYMENT_CODE.confirmed, label: paymentStatusText(PAYMENT_CODE.confirmed) },
    { value: PAYMENT_CODE.rejected, label: paymentStatusText(PAYMENT_CODE.rejected) },
    { value: 'all', label: t('common.all') },
  ];

  const columns: TColumn<TAdminWithdrawal>[] = [
    {
      key: 'coin',
      header: t('admin.withdrawals.withdrawal'),
      isPrimary: true,
      cell: (tx) => (
        <NameCell
          sub={
            <>
              {coinName(tx.coin)} · {networkName(tx.network)}
            </>
          }
        >
          {tx.coinAmount} {coinAmountUnit(tx.coin)}
        </NameCell>
      ),
    },
    userColumn(t),
    {
      key: 'address',
      header: t('admin.withdrawals.address'),
      cell: (tx) => (
        <span className="tabular" title={tx.address}>
          {shortText(tx.address)}
        </span>
      ),
    },
    {
      key: 'amount',
      header: t('admin.column.amountUsd'),
      align: 'end',
      cell: (tx) => formatMoney(tx.amount, 2),
    },
    dateTimeColumn('requested', t('admin.withdrawals.requested'), (tx) => tx.createdAt),
    {
      key: 'status',
      header: t('admin.column.status'),
      cell: (tx) => (
        <span className={styles.cellStack}>
          <PaymentStatusBadge status={tx.status} />
          {tx.reason ? <span className={styles.sub}>{tx.reason}</span> : null}
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('admin.withdrawals.actions'),
      align: 'end',
      cell: (tx) =>
        tx.status === PAYMENT_CODE.underReview || tx.status === PAYMENT_CODE.processing ? (
          <RowDecision
            id={tx.id}
            approve={approve}
            onReject={() => setRejecting(tx)}
            first={
              tx.status === PAYMENT_CODE.processing ? (
                <Button size="sm" variant="primary" onClick={() => setSending(tx)}>
                  {t('admin.withdrawals.markSent')}
                </Button>
              ) : undefined
            }
          />
        ) : (
          <span className={styles.sub}>—</span>
        ),
    },
  ];

  return (
    <AdminList
      list={list}
      toolbar={<StatusTabs list={list} tabs={tabs} />}
      counted="admin.withdrawals.count"
      caption={t('admin.title.withdrawals')}
      columns={columns}
      skeletonRows={6}
      empty={<EmptyState icon={<IconWallet size={24} />} title={t('admin.withdrawals.empty')} />}
      query={query}
      noun={t('admin.withdrawals.noun')}
      errorTitle={t('admin.withdrawals.loadError')}
    >
      <TextDialog
        isOpen={rejecting !== undefined}
        title={t('admin.withdrawals.rejectTitle')}
        description={t('admin.withdrawals.rejectText')}
        schema={ZRejectWithdrawalRequest}
        run={(reason) => reject.mutateAsync({ id: rejecting?.id ?? '', reason })}
        failure={t('admin.withdrawals.error')}
        onClose={() => setRejecting(undefined)}
        testId="reject-withdrawal-dialog"
      />
      <TextDialog
        isOpen={sending !== undefined}
        title={t('admin.withdrawals.markSentTitle')}
        description={t('admin.withdrawals.markSentText')}
        label={t('admin.withdrawals.txHash')}
        field="txHash"
        confirm={t('admin.withdrawals.markSent')}
        tone="primary"
        schema={ZMarkSentRequest}
        run={(txHash) => markSent.mutateAsync({ id: sending?.id ?? '', txHash })}
        failure={t('admin.withdrawals.error')}
        onClose={() => setSending(undefined)}
        testId="mark-sent-dialog"
      />
    </AdminList>
  );
}
