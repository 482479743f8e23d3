// One user's back-office page: the account and balances, orders, wallet transactions, referrals
// and sign-ins, with what the caller's role allows on them: suspend or delete, change the role,
// move to a client group, or make a balance operation.
import type { TLoginEvent } from '@td/contracts/profile';
import { mayDo } from '@td/contracts/staff';
import { ROLES, type TRole, USER_CODE, USER_STATUS_TONE } from '@td/contracts/statuses';
import type { TOrder } from '@td/contracts/trading';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router';
import { Badge } from '../../../components/badge';
import { Button, ButtonLink } from '../../../components/button';
import { Card } from '../../../components/card';
import { dateTimeColumn, type TColumn } from '../../../components/data-table';
import { Dialog } from '../../../components/dialog';
import { EmailText } from '../../../components/email-text';
import { EmptyState } from '../../../components/empty-state';
import { IconAlertTriangle, IconArrowLeft } from '../../../components/icons';
import { SelectField } from '../../../components/select-field';
import { useProfile } from '../../../domain/identity/get-profile';
import { OrderStatusBadge } from '../../../domain/trading/components/order-status-badge';
import { walletTxColumns } from '../../../domain/wallet/components/wallet-transactions-table';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { displaySymbol } from '../../../lib/format-market';
import { useT } from '../../../lib/i18n';
import { userStatusText } from '../../../lib/labels';
import { PATHS } from '../../../lib/paths';
import { roleText } from '../admin-sections';
import {
  deleteUser,
  setUserRole,
  setUserStatus,
  useAdminUser,
  useAdminUserMutation,
} from '../api/admin-users';
import styles from './admin.module.css';
import { TableCard } from './admin-list';
import { AdminReferrals } from './admin-referrals';
import { BalanceOperationForm } from './balance-operation-form';
import { toastOutcome } from './inline-form';
import { orderTermColumns } from './order-columns';
import { UserGroup } from './user-group';

const orderColumns = (t: ReturnType<typeof useT>): TColumn<TOrder>[] => [
  {
    key: 'pair',
    header: t('admin.pairs.pair'),
    isPrimary: true,
    cell: (order) => displaySymbol(order.symbol),
  },
  ...orderTermColumns<TOrder>(t),
  {
    key: 'status',
    header: t('admin.column.status'),
    align: 'end',
    cell: (order) => <OrderStatusBadge status={order.status} />,
  },
];

const loginColumns = (t: ReturnType<typeof useT>): TColumn<TLoginEvent>[] => [
  { ...dateTimeColumn('at', t('admin.user.time'), (event) => event.at), isPrimary: true },
  { key: 'ip', header: t('admin.user.ip'), cell: (event) => <span className="tabular">{event.ip}</span> },
  { key: 'device', header: t('admin.user.device'), cell: (event) => event.device },
  {
    key: 'outcome',
    header: t('admin.user.outcome'),
    align: 'end',
    cell: (event) => (
      <Badge tone={event.outcome === 'success' ? 'positive' : 'negative'}>
        {event.outcome === 'success' ? t('admin.user.success') : (event.detail ?? t('admin.user.failure'))}
      </Badge>
    ),
  },
];

/**
 * One user: who they are, their money and orders, their sign-ins, and what the caller's role may
 * do to them (suspend and delete: `users.write`; the role: `roles`; a commission: `balance`).
 */
export function AdminUserScreen() {
  const t = useT();
  const staffRole = useProfile().data?.role ?? 'user';
  const mayWrite = mayDo(staffRole, 'users.write');
  const mayChangeRole = mayDo(staffRole, 'roles');
  const mayMoveGroup = mayDo(staffRole, 'groups');
  const [newRole, setNewRole] = useState<TRole>();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useAdminUser(id);
  const status = useAdminUserMutation(setUserStatus);
  const role = useAdminUserMutation(setUserRole);
  const remove = useAdminUserMutation(deleteUser);
  const [isDeleting, setIsDeleting] = useState(false);
  const detail = query.data;
  const user = detail?.user;
  const isActive = user?.status === USER_CODE.active;

  const back = (
    <ButtonLink to={PATHS.admin.users} variant="ghost" icon={<IconArrowLeft size={16} />}>
      {t('admin.user.allUsers')}
    </ButtonLink>
  );
  if (query.isError && !detail) {
    return (
      <Card>
        <EmptyState
          tone="error"
          icon={<IconAlertTriangle size={24} />}
          title={t('admin.user.loadError')}
          action={back}
        />
      </Card>
    );
  }

  return (
    <div className={styles.stack}>
      <div className={styles.rowBetween}>{back}</div>
      <div className={styles.twoColumns}>
        <Card title={t('admin.user.account')}>
          {user ? (
            <dl className={styles.facts}>
              <dt>{t('admin.user.name')}</dt>
              <dd data-testid="admin-user-name">{`${user.firstName} ${user.lastName}`}</dd>
              <dt>{t('admin.user.email')}</dt>
              <dd>
                <EmailText value={user.email} />
              </dd>
              <dt>{t('admin.column.status')}</dt>
              <dd data-testid="admin-user-status">
                {user.deletedAt ? (
                  <Badge tone="negative">
                    {t('admin.user.deletedOn', { date: formatDate(user.deletedAt) })}
                  </Badge>
                ) : (
                  <Badge tone={USER_STATUS_TONE[user.status]}>{userStatusText(user.status)}</Badge>
                )}
              </dd>
              <dt>{t('admin.column.role')}</dt>
              <dd>{roleText(t, user.role)}</dd>
              <dt>{t('admin.user.twoFactor')}</dt>
              <dd>{user.tfaEnabled ? t('admin.on') : t('admin.off')}</dd>
              {!mayMoveGroup && detail?.group ? (
                <>
                  <dt>{t('admin.groups.userGroup')}</dt>
                  <dd>{detail.group.name}</dd>
                </>
              ) : null}
              <dt>{t('admin.user.referralCode')}</dt>
              <dd className="tabular">{user.referralCode}</dd>
              <dt>{t('admin.column.joined')}</dt>
              <dd>{formatDateTime(user.createdAt)}</dd>
            </dl>
          ) : (
            <p className={styles.sub}>{t('common.loading')}</p>
          )}
          {user && !user.deletedAt && mayChangeRole ? (
            <form
              className={styles.factsForm}
              data-testid="user-role"
              onSubmit={(event) => {
                event.preventDefault();
                const chosen = new FormData(event.currentTarget).get('role');
                if (typeof chosen === 'string' && chosen !== user.role) setNewRole(chosen as TRole);
              }}
            >
              <SelectField
                key={user.role}
                name="role"
                label={t('admin.user.newRole')}
                defaultValue={user.role}
                className={styles.filter}
                options={ROLES.map((value) => ({ value, label: roleText(t, value) }))}
              />
              {/* As tall as the field beside it. */}
              <Button type="submit" variant="secondary" size="lg">
                {t('admin.user.changeRole')}
              </Button>
            </form>
          ) : null}
          {user && !user.deletedAt && mayWrite ? (
            <div className={styles.actions}>
              <Button
                variant="secondary"
                isLoading={status.isPending}
                onClick={() =>
                  void toastOutcome(
                    status.mutateAsync({ id, status: isActive ? USER_CODE.suspended : USER_CODE.active }),
                  )
                }
              >
                {t(isActive ? 'admin.user.suspend' : 'admin.user.reactivate')}
              </Button>
              <Button variant="danger" onClick={() => setIsDeleting(true)}>
                {t('admin.user.delete')}
              </Button>
            </div>
          ) : null}
        </Card>
        <Card title={t('admin.user.balances')}>
          {detail ? (
            <dl className={styles.facts}>
              <dt>{t('admin.user.realAvailable')}</dt>
              <dd className="tabular">{formatMoney(detail.balances.real.cash, 2)}</dd>
              <dt>{t('admin.user.realInPositions')}</dt>
              <dd className="tabular">{formatMoney(detail.balances.real.margin, 2)}</dd>
              <dt>{t('admin.user.demoAvailable')}</dt>
              <dd className="tabular">{formatMoney(detail.balances.demo.cash, 2)}</dd>
              <dt>{t('admin.user.demoInPositions')}</dt>
              <dd className="tabular">{formatMoney(detail.balances.demo.margin, 2)}</dd>
            </dl>
          ) : (
            <p className={styles.sub}>{t('common.loading')}</p>
          )}
        </Card>
      </div>
      {detail && !detail.user.deletedAt && mayDo(staffRole, 'balance') ? (
        <BalanceOperationForm userId={detail.user.id} email={detail.user.email} />
      ) : null}
      {detail && mayMoveGroup ? <UserGroup userId={detail.user.id} groupId={detail.group?.id} /> : null}
      <TableCard
        title={t('admin.user.orders')}
        columns={orderColumns(t)}
        rows={detail?.orders}
        rowKey={(order) => order.id}
        isLoading={query.isPending}
        emptyText={t('admin.user.noOrders')}
      />
      <TableCard
        title={t('admin.user.transactions')}
        columns={walletTxColumns()}
        rows={detail?.transactions}
        rowKey={(tx) => tx.id}
        isLoading={query.isPending}
        emptyText={t('admin.user.noTransactions')}
      />
      <AdminReferrals
        referrals={detail?.referrals}
        isLoading={query.isPending}
        mayClawBack={mayDo(staffRole, 'balance')}
      />
      <TableCard
        title={t('admin.user.logins')}
        columns={loginColumns(t)}
        rows={detail?.logins}
        rowKey={(event) => event.id}
        isLoading={query.isPending}
        emptyText={t('admin.user.noLogins')}
      />
      <Dialog
        isOpen={newRole !== undefined}
        onClose={() => setNewRole(undefined)}
        title={t('admin.user.roleTitle')}
        description={
          user && newRole
            ? t('admin.user.roleText', {
                name: `${user.firstName} ${user.lastName}`.trim() || user.email,
                from: roleText(t, user.role),
                to: roleText(t, newRole),
              })
            : undefined
        }
        testId="user-role-dialog"
        footer={
          <>
            <Button variant="ghost" onClick={() => setNewRole(undefined)}>
              {t('common.cancel')}
            </Button>
            <Button
              isLoading={role.isPending}
              onClick={() => {
                if (!newRole) return;
                // Closed whatever the answer: a refusal was toasted by the API client.
                void toastOutcome(role.mutateAsync({ id, role: newRole })).then(() => setNewRole(undefined));
              }}
            >
              {t('admin.user.changeRole')}
            </Button>
          </>
        }
      />
      <Dialog
        isOpen={isDeleting}
        onClose={() => setIsDeleting(false)}
        title={t('admin.user.deleteTitle')}
        description={t('admin.user.deleteText')}
        testId="delete-user-dialog"
        footer={
          <>
            <Button variant="ghost" onClick={() => setIsDeleting(false)}>
              {t('common.cancel')}
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
              {t('admin.user.delete')}
            </Button>
          </>
        }
      />
    </div>
  );
}
