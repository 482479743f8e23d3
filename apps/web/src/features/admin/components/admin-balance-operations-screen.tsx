// The back office's Balance operations screen: the credits and debits staff made on users'
// balances, by status. One above the approval threshold waits until another member of staff
// approves or rejects it; whoever asked for it cannot decide it.
import {
  BALANCE_OPERATION_STATUSES,
  type TBalanceOperation,
  type TBalanceOperationStatus,
  ZBalanceOperationRejectRequest,
} from '@td/contracts/balance-operations';
import { useState } from 'react';
import { Badge } from '../../../components/badge';
import { dateTimeColumn, type TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconWallet } from '../../../components/icons';
import { useProfile } from '../../../domain/identity/get-profile';
import { SignedMoney } from '../../../domain/trading/components/signed-money';
import { useT } from '../../../lib/i18n';
import { balanceKindText, balanceStatusText } from '../../../lib/labels';
import {
  approveBalanceOperation,
  rejectBalanceOperation,
  useAdminBalanceOperations,
  useBalanceOperationMutation,
} from '../api/admin-balance-operations';
import styles from './admin.module.css';
import { RowDecision, userColumn } from './admin-cells';
import { AdminList, StatusTabs, statusTabs, useListFilters } from './admin-list';
import { TextDialog } from './text-dialog';

type TFilter = 'all' | TBalanceOperationStatus;
const STATUS_TONE = { pending: 'info', applied: 'positive', rejected: 'negative' } as const;

/**
 * Balance operations: every credit, bonus, correction and fee refund staff made, by status. One
 * above the approval threshold waits as pending until another member of staff approves or rejects
 * it; whoever asked for it sees it here but cannot decide it.
 */
export function AdminBalanceOperationsScreen() {
  const t = useT();
  const me = useProfile().data;
  const list = useListFilters<{ status: TFilter }>({ status: 'pending' });
  const filter = list.filters.status;
  const query = useAdminBalanceOperations({ status: filter === 'all' ? undefined : filter }, list.page);
  const approve = useBalanceOperationMutation(approveBalanceOperation);
  const reject = useBalanceOperationMutation(rejectBalanceOperation);
  const [rejecting, setRejecting] = useState<TBalanceOperation>();
  const tabs = statusTabs<TFilter>([...BALANCE_OPERATION_STATUSES, 'all'], balanceStatusText);

  const columns: TColumn<TBalanceOperation>[] = [
    {
      key: 'operation',
      header: t('admin.balance.operation'),
      isPrimary: true,
      cell: (operation) => (
        <span className={styles.cellStack}>
          <span className={styles.strong}>{balanceKindText(operation.kind)}</span>
          <span className={styles.sub}>
            {t(operation.account === 'real' ? 'admin.balance.accountReal' : 'admin.balance.accountDemo')}
          </span>
        </span>
      ),
    },
    userColumn(t),
    {
      key: 'amount',
      header: t('admin.column.amountUsd'),
      align: 'end',
      cell: (operation) => <SignedMoney value={operation.amount} />,
    },
    {
      key: 'reason',
      header: t('admin.reason'),
      cell: (operation) => (
        <span className={styles.cellStack}>
          <span>{operation.reason}</span>
          {operation.rejectReason ? (
            <span className={styles.sub}>
              {t('admin.balance.rejectedBecause', { reason: operation.rejectReason })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'staff',
      header: t('admin.balance.staff'),
      cell: (operation) => (
        <span className={styles.cellStack}>
          <span>{t('admin.balance.requestedBy', { email: operation.requestedBy?.email ?? '—' })}</span>
          {operation.decidedBy ? (
            <span className={styles.sub}>
              {t('admin.balance.decidedBy', { email: operation.decidedBy.email })}
            </span>
          ) : null}
        </span>
      ),
    },
    dateTimeColumn('when', t('admin.balance.when'), (operation) => operation.createdAt),
    {
      key: 'status',
      header: t('admin.column.status'),
      cell: (operation) => (
        <Badge tone={STATUS_TONE[operation.status]}>{balanceStatusText(operation.status)}</Badge>
      ),
    },
    {
      key: 'actions',
      header: t('admin.balance.actions'),
      align: 'end',
      cell: (operation) =>
        operation.status !== 'pending' ? (
          <span className={styles.sub}>—</span>
        ) : operation.requestedBy?.id === me?.id ? (
          <span className={styles.sub}>{t('admin.balance.awaitingColleague')}</span>
        ) : (
          <RowDecision id={operation.id} approve={approve} onReject={() => setRejecting(operation)} />
        ),
    },
  ];

  return (
    <AdminList
      list={list}
      toolbar={<StatusTabs list={list} tabs={tabs} />}
      counted="admin.balance.count"
      caption={t('admin.title.balanceOperations')}
      columns={columns}
      skeletonRows={6}
      empty={<EmptyState icon={<IconWallet size={24} />} title={t('admin.balance.empty')} />}
      query={query}
      noun={t('admin.balance.noun')}
      errorTitle={t('admin.balance.loadError')}
    >
      <TextDialog
        isOpen={rejecting !== undefined}
        title={t('admin.balance.rejectTitle')}
        description={t('admin.balance.rejectText')}
        schema={ZBalanceOperationRejectRequest}
        run={(reason) => reject.mutateAsync({ id: rejecting?.id ?? '', reason })}
        failure={t('admin.balance.error')}
        onClose={() => setRejecting(undefined)}
        testId="reject-balance-operation-dialog"
        maxLength={300}
      />
    </AdminList>
  );
}
