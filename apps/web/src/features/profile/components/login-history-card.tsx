import type { TLoginEvent } from '@td/contracts/profile';
import { IconHistory } from '../../../components/app-icons';
import { Badge } from '../../../components/badge';
import { Card } from '../../../components/card';
import type { TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PagedTable, usePager } from '../../../components/paged-table';
import { formatDateTime } from '../../../lib/format';
import { t, translateServerMessage, useT } from '../../../lib/i18n';
import { describeDevice } from '../../../lib/user-agent';
import { LOGIN_HISTORY_PAGE_SIZE, useLoginHistory } from '../api/get-login-history';
import styles from './security-tables.module.css';

/** The table's columns, in the language shown (built at each draw). */
const columns = (): readonly TColumn<TLoginEvent>[] => [
  {
    key: 'at',
    header: t('security.loginHistory.time'),
    isPrimary: true,
    cell: (event) => (
      <time dateTime={event.at} className="tabular">
        {formatDateTime(event.at)}
      </time>
    ),
  },
  {
    key: 'device',
    header: t('security.device'),
    cell: (event) => (
      <span className={styles.deviceLabel} title={event.device}>
        {describeDevice(event.device).label}
      </span>
    ),
  },
  { key: 'ip', header: t('security.ipAddress'), cell: (event) => <span className="mono">{event.ip}</span> },
  {
    key: 'outcome',
    header: t('security.loginHistory.result'),
    cell: (event) =>
      event.outcome === 'success' ? (
        <Badge tone="positive">{t('security.loginHistory.success')}</Badge>
      ) : (
        <span className={styles.failure}>
          <Badge tone="negative">{t('security.loginHistory.failed')}</Badge>
          {event.detail ? (
            <span className={styles.detail}>{translateServerMessage(event.detail)}</span>
          ) : null}
        </span>
      ),
  },
];

export function LoginHistoryCard() {
  const t = useT();
  const pager = usePager(LOGIN_HISTORY_PAGE_SIZE);
  const query = useLoginHistory(pager.page);

  return (
    <Card title={t('security.loginHistory.title')} isFlush>
      <p className={styles.intro}>{t('security.loginHistory.intro')}</p>
      <PagedTable
        caption={t('security.loginHistory.title')}
        columns={columns()}
        query={query}
        pager={pager}
        noun={t('security.loginHistory.noun')}
        skeletonRows={5}
        errorTitle={t('security.loginHistory.loadError')}
        empty={<EmptyState icon={<IconHistory size={24} />} title={t('security.loginHistory.empty')} />}
      />
    </Card>
  );
}
