import type { TLoginEvent } from '@td/contracts/profile';
import { Badge } from '../../../components/badge';
import { Card } from '../../../components/card';
import type { TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconHistory } from '../../../components/icons';
import { PagedTable, usePager } from '../../../components/paged-table';
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
  const pager = usePager(LOGIN_HISTORY_PAGE_SIZE);
  const query = useLoginHistory(pager.page);

  return (
    <Card title="Login history" isFlush>
      <p className={styles.intro}>Every attempt to log in to your account, newest first.</p>
      <PagedTable
        caption="Login history"
        columns={COLUMNS}
        query={query}
        pager={pager}
        noun="logins"
        skeletonRows={5}
        errorTitle="Login history could not load."
        empty={<EmptyState icon={<IconHistory size={24} />} title="No logins yet." />}
      />
    </Card>
  );
}
