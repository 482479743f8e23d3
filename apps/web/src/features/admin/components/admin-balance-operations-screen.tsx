import {
  BALANCE_OPERATION_STATUSES,
  type TBalanceOperation,
  type TBalanceOperationStatus,
  ZBalanceOperationRejectRequest,
} from '@td/contracts/balance-operations';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Callout } from '../../../components/callout';
import type { TColumn } from '../../../components/data-table';
import { Dialog } from '../../../components/dialog';
import { EmptyState } from '../../../components/empty-state';
import type { TFilterTab } from '../../../components/filter-tabs';
import { IconWallet } from '../../../components/icons';
import { TextField } from '../../../components/text-field';
import { useProfile } from '../../../domain/identity/get-profile';
import { SignedMoney } from '../../../domain/trading/components/signed-money';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { translateServerMessage, useT } from '../../../lib/i18n';
import { balanceKindText, balanceStatusText } from '../../../lib/labels';
import { PATHS } from '../../../lib/paths';
import {
  approveBalanceOperation,
  rejectBalanceOperation,
  useAdminBalanceOperations,
  useBalanceOperationMutation,
} from '../api/admin-balance-operations';
import styles from './admin.module.css';
import { AdminList, StatusTabs, useListFilters } from './admin-list';

type TFilter = 'all' | TBalanceOperationStatus;
const STATUS_TONE = { pending: 'info', applied: 'positive', rejected: 'negative' } as const;

/** The rejection's reason, asked in a dialog; the requester's colleague turns the operation down. */
function RejectDialog({
  operation,
  onClose,
}: {
  operation: TBalanceOperation | undefined;
  onClose: () => void;
}) {
  const t = useT();
  const reject = useBalanceOperationMutation(rejectBalanceOperation);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const close = () => {
    setReason('');
    setFieldError(undefined);
    setFormError(undefined);
    onClose();
  };
  const submit = async () => {
    if (!operation) return;
    const parsed = ZBalanceOperationRejectRequest.safeParse({ reason });
    if (!parsed.success) {
      setFieldError(zodFieldErrors<'reason'>(parsed.error).reason);
      return;
    }
    try {
      toast.success((await reject.mutateAsync({ id: operation.id, reason })).message);
      close();
    } catch (error) {
      const fields = serverFieldErrors<'reason'>(error);
      setFieldError(fields.reason);
      if (!fields.reason)
        setFormError(
          error instanceof ApiError ? translateServerMessage(error.message) : t('admin.balance.error'),
        );
    }
  };
  return (
    <Dialog
      isOpen={operation !== undefined}
      onClose={close}
      title={t('admin.balance.rejectTitle')}
      description={t('admin.balance.rejectText')}
      onSubmit={() => void submit()}
      testId="reject-balance-operation-dialog"
      footer={
        <>
          <Button type="button" variant="ghost" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" isLoading={reject.isPending}>
            {t('admin.reject')}
          </Button>
        </>
      }
    >
      {formError ? (
        <Callout tone="danger" role="alert">
          {formError}
        </Callout>
      ) : null}
      <TextField
        label={t('admin.reason')}
        name="reason"
        value={reason}
        error={fieldError}
        autoFocus
        autoComplete="off"
        maxLength={300}
        onChange={(event) => {
          setReason(event.target.value);
          setFieldError(undefined);
        }}
      />
    </Dialog>
  );
}

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
  const [rejecting, setRejecting] = useState<TBalanceOperation>();
  const tabs: TFilterTab<TFilter>[] = [
    ...BALANCE_OPERATION_STATUSES.map((value) => ({ value, label: balanceStatusText(value) })),
    { value: 'all', label: t('common.all') },
  ];

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
    {
      key: 'user',
      header: t('admin.column.user'),
      cell: (operation) => (
        <Link to={PATHS.admin.user(operation.userId)} className={styles.strongLink}>
          {operation.userEmail}
        </Link>
      ),
    },
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
    {
      key: 'when',
      header: t('admin.balance.when'),
      cell: (operation) => <span className="tabular">{formatDateTime(operation.createdAt)}</span>,
    },
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
          <span className={styles.rowActions}>
            <Button
              size="sm"
              variant="primary"
              isLoading={approve.isPending && approve.variables === operation.id}
              onClick={() =>
                void approve.mutateAsync(operation.id).then(
                  (result) => toast.success(result.message),
                  () => undefined,
                )
              }
            >
              {t('admin.approve')}
            </Button>
            <Button size="sm" variant="danger" onClick={() => setRejecting(operation)}>
              {t('admin.reject')}
            </Button>
          </span>
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
      <RejectDialog operation={rejecting} onClose={() => setRejecting(undefined)} />
    </AdminList>
  );
}
