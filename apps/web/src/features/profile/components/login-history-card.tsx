import type { TLoginEvent } from '@td/contracts/profile';
import { useState } from 'react';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable, type TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconAlertTriangle, IconHistory } from '../../../components/icons';
import { Pagination } from '../../../components/pagination';
import { formatDateTime } from '../../../lib/format';
import { describeDevice } from '../../../lib/user-agent';
import { LOGIN_HISTORY_PAGE_SIZE, useLoginHistory } from '../api/get-login-history';
import styles from './security-tables.module.css';

const COLUMNS: readonly TColumn<TLoginEvent>[] = [
  {
    key: 'at',
    header: 'Time',
    isPrimary: true,
    cell: (event) => (
      <time dateTime={event.at} className="tabular">
        {formatDateTime(event.at)}
      </time>
    ),
  },
  {
    key: 'device',
    header: 'Device',
    cell: (event) => (
      <span className={styles.deviceLabel} title={event.device}>
        {describeDevice(event.device).label}
      </span>
    ),
  },
  { key: 'ip', header: 'IP address', cell: (event) => <span className="mono">{event.ip}</span> },
  {
    key: 'outcome',
    header: 'Result',
    cell: (event) =>
      event.outcome === 'success' ? (
        <Badge tone="positive">Success</Badge>
      ) : (
        <span className={styles.failure}>
          <Badge tone="negative">Failed</Badge>
          {event.detail ? <span className={styles.detail}>{event.detail}</span> : null}
        </span>
      ),
  },
];

export function LoginHistoryCard() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isPlaceholderData, isFetching, refetch } = useLoginHistory(page);

  return (
    <Card title="Login history" isFlush>
      <p className={styles.intro}>Every attempt to log in to your account, newest first.</p>
      <DataTable
        caption="Login history"
        columns={COLUMNS}
        rows={data?.items}
        rowKey={(event) => event.id}
        isLoading={isPending}
        skeletonRows={5}
        isStale={isPlaceholderData}
        error={
          isError ? (
            <EmptyState
              tone="error"
              icon={<IconAlertTriangle size={24} />}
              title="Login history could not be loaded."
              action={<Button onClick={() => void refetch()}>Try again</Button>}
            />
          ) : undefined
        }
        empty={<EmptyState icon={<IconHistory size={24} />} title="No logins yet." />}
      />
      {data && data.total > LOGIN_HISTORY_PAGE_SIZE ? (
        <Pagination
          page={data.page}
          limit={data.limit}
          total={data.total}
          onPageChange={setPage}
          isFetching={isFetching && isPlaceholderData}
          noun="logins"
        />
      ) : null}
    </Card>
  );
}
