import type { TAdminUser } from '@td/contracts/admin';
import { USER_STATUS, USER_STATUS_TONE } from '@td/contracts/statuses';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import { Card } from '../../../components/card';
import type { TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconUsers } from '../../../components/icons';
import { PagedTable } from '../../../components/paged-table';
import { TextField } from '../../../components/text-field';
import { formatDate } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { ADMIN_PAGE_SIZE, useAdminUsers } from '../api/admin-users';
import styles from './admin.module.css';

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
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useAdminUsers(q.trim(), page);
  return (
    <Card isFlush>
      <div className={styles.toolbar}>
        <TextField
          label="Search users"
          type="search"
          placeholder="Name, e-mail, referral code or id"
          value={q}
          className={styles.search}
          onChange={(event) => {
            setQ(event.target.value);
            setPage(1);
          }}
        />
        {query.data ? <span className={styles.total}>{query.data.total} users</span> : null}
      </div>
      <PagedTable
        caption="Users"
        columns={COLUMNS}
        rowKey={(user) => user.id}
        skeletonRows={8}
        empty={<EmptyState icon={<IconUsers size={24} />} title="No user matches." />}
        query={query}
        page={page}
        limit={ADMIN_PAGE_SIZE}
        onPageChange={setPage}
        noun="users"
      />
    </Card>
  );
}
