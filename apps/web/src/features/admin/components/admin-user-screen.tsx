import type { TLoginEvent } from '@td/contracts/profile';
import { USER_CODE, USER_STATUS, USER_STATUS_TONE } from '@td/contracts/statuses';
import type { TOrder } from '@td/contracts/trading';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router';
import { Badge } from '../../../components/badge';
import { Button, ButtonLink } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable, type TColumn } from '../../../components/data-table';
import { Dialog } from '../../../components/dialog';
import { EmailText } from '../../../components/email-text';
import { EmptyState } from '../../../components/empty-state';
import { IconAlertTriangle, IconArrowLeft } from '../../../components/icons';
import { OrderStatusBadge } from '../../../domain/trading/components/order-status-badge';
import { WALLET_TX_COLUMNS } from '../../../domain/wallet/components/wallet-transactions-table';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { displaySymbol } from '../../../lib/format-market';
import { PATHS } from '../../../lib/paths';
import {
  deleteUser,
  setUserRole,
  setUserStatus,
  useAdminUser,
  useAdminUserMutation,
} from '../api/admin-users';
import styles from './admin.module.css';

const ORDER_COLUMNS: TColumn<TOrder>[] = [
  { key: 'pair', header: 'Pair', isPrimary: true, cell: (order) => displaySymbol(order.symbol) },
  { key: 'account', header: 'Account', cell: (order) => (order.account === 'demo' ? 'Demo' : 'Real') },
  {
    key: 'side',
    header: 'Side',
    cell: (order) => `${order.side === 'buy' ? 'Buy' : 'Sell'} ×${order.leverage}`,
  },
  { key: 'amount', header: 'Amount (USD)', align: 'end', cell: (order) => formatMoney(order.amount, 2) },
  {
    key: 'status',
    header: 'Status',
    align: 'end',
    cell: (order) => <OrderStatusBadge status={order.status} />,
  },
];

const LOGIN_COLUMNS: TColumn<TLoginEvent>[] = [
  {
    key: 'at',
    header: 'Time',
    isPrimary: true,
    cell: (event) => <span className="tabular">{formatDateTime(event.at)}</span>,
  },
  { key: 'ip', header: 'IP', cell: (event) => <span className="tabular">{event.ip}</span> },
  { key: 'device', header: 'Device', cell: (event) => event.device },
  {
    key: 'outcome',
    header: 'Outcome',
    align: 'end',
    cell: (event) => (
      <Badge tone={event.outcome === 'success' ? 'positive' : 'negative'}>
        {event.outcome === 'success' ? 'Success' : (event.detail ?? 'Failure')}
      </Badge>
    ),
  },
];

/** One user: who they are, their money and orders, their sign-ins, and what an administrator may do. */
export function AdminUserScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useAdminUser(id);
  const status = useAdminUserMutation(setUserStatus);
  const role = useAdminUserMutation(setUserRole);
  const remove = useAdminUserMutation(deleteUser);
  const [isDeleting, setIsDeleting] = useState(false);
  const detail = query.data;
  const user = detail?.user;
  const run = async (action: Promise<{ message: string }>) => {
    try {
      toast.success((await action).message);
    } catch {
      // The api client has shown the error.
    }
  };

  const back = (
    <ButtonLink to={PATHS.admin.users} variant="ghost" icon={<IconArrowLeft size={16} />}>
      All users
    </ButtonLink>
  );
  if (query.isError && !detail) {
    return (
      <Card>
        <EmptyState
          tone="error"
          icon={<IconAlertTriangle size={24} />}
          title="This user could not load."
          action={back}
        />
      </Card>
    );
  }

  return (
    <div className={styles.stack}>
      <div className={styles.rowBetween}>{back}</div>
      <div className={styles.twoColumns}>
        <Card title="Account">
          {user ? (
            <dl className={styles.facts}>
              <dt>Name</dt>
              <dd data-testid="admin-user-name">{`${user.firstName} ${user.lastName}`}</dd>
              <dt>E-mail</dt>
              <dd>
                <EmailText value={user.email} />
              </dd>
              <dt>Status</dt>
              <dd>
                {user.deletedAt ? (
                  <Badge tone="negative">Deleted {formatDate(user.deletedAt)}</Badge>
                ) : (
                  <Badge tone={USER_STATUS_TONE[user.status]}>{USER_STATUS[user.status]}</Badge>
                )}
              </dd>
              <dt>Role</dt>
              <dd>{user.role === 'admin' ? 'Administrator' : 'User'}</dd>
              <dt>Two-factor</dt>
              <dd>{user.tfaEnabled ? 'On' : 'Off'}</dd>
              <dt>Referral code</dt>
              <dd className="tabular">{user.referralCode}</dd>
              <dt>Joined</dt>
              <dd>{formatDateTime(user.createdAt)}</dd>
            </dl>
          ) : (
            <p className={styles.sub}>Loading…</p>
          )}
          {user && !user.deletedAt ? (
            <div className={styles.actions}>
              {user.status === USER_CODE.active ? (
                <Button
                  variant="secondary"
                  isLoading={status.isPending}
                  onClick={() => void run(status.mutateAsync({ id, status: USER_CODE.suspended }))}
                >
                  Suspend
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  isLoading={status.isPending}
                  onClick={() => void run(status.mutateAsync({ id, status: USER_CODE.active }))}
                >
                  Reactivate
                </Button>
              )}
              <Button
                variant="secondary"
                isLoading={role.isPending}
                onClick={() =>
                  void run(role.mutateAsync({ id, role: user.role === 'admin' ? 'user' : 'admin' }))
                }
              >
                {user.role === 'admin' ? 'Make user' : 'Make administrator'}
              </Button>
              <Button variant="danger" onClick={() => setIsDeleting(true)}>
                Delete user
              </Button>
            </div>
          ) : null}
        </Card>
        <Card title="Balances (USD)">
          {detail ? (
            <dl className={styles.facts}>
              <dt>Real: available</dt>
              <dd className="tabular">{formatMoney(detail.balances.real.cash, 2)}</dd>
              <dt>Real: in positions</dt>
              <dd className="tabular">{formatMoney(detail.balances.real.margin, 2)}</dd>
              <dt>Demo: available</dt>
              <dd className="tabular">{formatMoney(detail.balances.demo.cash, 2)}</dd>
              <dt>Demo: in positions</dt>
              <dd className="tabular">{formatMoney(detail.balances.demo.margin, 2)}</dd>
            </dl>
          ) : (
            <p className={styles.sub}>Loading…</p>
          )}
        </Card>
      </div>
      <Card title="Latest orders" isFlush>
        <DataTable
          caption="Latest orders"
          columns={ORDER_COLUMNS}
          rows={detail?.orders}
          rowKey={(order) => order.id}
          isLoading={query.isPending}
          empty={<p className={styles.emptyRow}>No orders.</p>}
        />
      </Card>
      <Card title="Deposits and withdrawals" isFlush>
        <DataTable
          caption="Deposits and withdrawals"
          columns={WALLET_TX_COLUMNS}
          rows={detail?.transactions}
          rowKey={(tx) => tx.id}
          isLoading={query.isPending}
          empty={<p className={styles.emptyRow}>No deposits or withdrawals.</p>}
        />
      </Card>
      <Card title="Sign-in history" isFlush>
        <DataTable
          caption="Sign-in history"
          columns={LOGIN_COLUMNS}
          rows={detail?.logins}
          rowKey={(event) => event.id}
          isLoading={query.isPending}
          empty={<p className={styles.emptyRow}>No sign-ins.</p>}
        />
      </Card>
      <Dialog
        isOpen={isDeleting}
        onClose={() => setIsDeleting(false)}
        title="Delete this user?"
        description="Their name, e-mail, phone, picture and secrets are erased and they can no longer sign in. Their orders, ledger and tickets stay, anonymised."
        testId="delete-user-dialog"
        footer={
          <>
            <Button variant="ghost" onClick={() => setIsDeleting(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              isLoading={remove.isPending}
              onClick={() =>
                void remove.mutateAsync(id).then(
                  (result) => {
                    toast.success(result.message);
                    setIsDeleting(false);
                    void navigate(PATHS.admin.users);
                  },
                  () => setIsDeleting(false),
                )
              }
            >
              Delete user
            </Button>
          </>
        }
      />
    </div>
  );
}
