// The back office's list of users, searched by name, e-mail, referral code or id, a page at a
// time, each opening the user's page.
import type { TAdminUser } from '@td/contracts/admin';
import { USER_STATUS_TONE } from '@td/contracts/statuses';
import { IconUsers } from '../../../components/app-icons';
import { Badge } from '../../../components/badge';
import type { TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { userStatusText } from '../../../lib/labels';
import { PATHS } from '../../../lib/paths';
import { roleText } from '../admin-sections';
import { useAdminUsers } from '../api/admin-users';
import { NameCell } from './admin-cells';
import { AdminList, ListSearch, useListFilters } from './admin-list';

const columns = (t: ReturnType<typeof useT>): TColumn<TAdminUser>[] => [
  {
    key: 'name',
    header: t('admin.column.user'),
    isPrimary: true,
    cell: (user) => (
      <NameCell to={PATHS.admin.user(user.id)} sub={user.email}>
        {`${user.firstName} ${user.lastName}`.trim()}
      </NameCell>
    ),
  },
  {
    key: 'role',
    header: t('admin.column.role'),
    cell: (user) => <Badge tone={user.role === 'user' ? 'neutral' : 'info'}>{roleText(t, user.role)}</Badge>,
  },
  {
    key: 'status',
    header: t('admin.column.status'),
    cell: (user) =>
      user.deletedAt ? (
        <Badge tone="negative">{t('admin.users.deleted')}</Badge>
      ) : (
        <Badge tone={USER_STATUS_TONE[user.status]}>{userStatusText(user.status)}</Badge>
      ),
  },
  {
    key: 'tfa',
    header: t('admin.users.tfa'),
    cell: (user) => (user.tfaEnabled ? t('admin.on') : t('admin.off')),
  },
  {
    key: 'joined',
    header: t('admin.column.joined'),
    align: 'end',
    cell: (user) => <span className="tabular">{formatDate(user.createdAt)}</span>,
  },
];

/** All users, searched by name, e-mail, referral code or id, a page at a time. */
export function AdminUsersScreen() {
  const t = useT();
  const list = useListFilters({ q: '' });
  const query = useAdminUsers(list.filters.q.trim(), list.page);
  return (
    <AdminList
      list={list}
      toolbar={
        <ListSearch
          label={t('admin.users.search')}
          placeholder={t('admin.users.searchHint')}
          value={list.filters.q}
          onChange={(q) => list.setFilter('q', q)}
        />
      }
      counted="admin.users.count"
      caption={t('admin.title.users')}
      columns={columns(t)}
      empty={<EmptyState icon={<IconUsers size={24} />} title={t('admin.users.empty')} />}
      query={query}
      noun={t('admin.users.noun')}
      errorTitle={t('admin.users.loadError')}
    />
  );
}
