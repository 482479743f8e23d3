import type { TAdminUser } from '@td/contracts/admin';
import { USER_STATUS, USER_STATUS_TONE } from '@td/contracts/statuses';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import type { TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconUsers } from '../../../components/icons';
import { formatDate } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { useAdminUsers } from '../api/admin-users';
import styles from './admin.module.css';
import { AdminList, ListSearch, useListFilters } from './admin-list';

const COLUMNS: TColumn<TAdminUser>[] = [
  {
    key: 'name',
    header: 'User',
    isPrimary: true,
    cell: (user) => (
      <Link to={PATHS.admin.user(user.id)} className={styles.strongLink}>
        {`${user.firstName} ${user.lastName}`.trim()}
        <span className={styles.sub}>{user.email}</span>
      </Link>
    ),
  },
  {
    key: 'role',
    header: 'Role',
    cell: (user) => (
      <Badge tone={user.role === 'admin' ? 'info' : 'neutral'}>
        {user.role === 'admin' ? 'Admin' : 'User'}
      </Badge>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (user) =>
      user.deletedAt ? (
        <Badge tone="negative">Deleted</Badge>
      ) : (
        <Badge tone={USER_STATUS_TONE[user.status]}>{USER_STATUS[user.status]}</Badge>
      ),
  },
  { key: 'tfa', header: '2FA', cell: (user) => (user.tfaEnabled ? 'On' : 'Off') },
  {
    key: 'joined',
    header: 'Joined',
    align: 'end',
    cell: (user) => <span className="tabular">{formatDate(user.createdAt)}</span>,
  },
];

/** All users, searched by name, e-mail, referral code or id, a page at a time. */
export function AdminUsersScreen() {
  const list = useListFilters({ q: '' });
  const query = useAdminUsers(list.filters.q.trim(), list.page);
  return (
    <AdminList
      list={list}
      toolbar={
        <ListSearch
          label="Search users"
          placeholder="Name, e-mail, referral code or id"
          value={list.filters.q}
          onChange={(q) => list.setFilter('q', q)}
        />
      }
      counted={['user', 'users']}
      caption="Users"
      columns={COLUMNS}
      empty={<EmptyState icon={<IconUsers size={24} />} title="No user matches." />}
      query={query}
      noun="users"
    />
  );
}
