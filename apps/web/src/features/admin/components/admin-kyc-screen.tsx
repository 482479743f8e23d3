// The back office's identity verification (KYC) queue: submissions by status, opening on those
// waiting (oldest first), each leading to its review; it also holds the tone of each review status.
import type { TKycSubmission, TKycSubmissionStatus } from '@td/contracts/kyc';
import type { TTone } from '@td/contracts/statuses';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import { dateTimeColumn, type TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconShieldCheck } from '../../../components/icons';
import { useT } from '../../../lib/i18n';
import { documentTypeText, kycStatusText } from '../../../lib/labels';
import { PATHS } from '../../../lib/paths';
import { useAdminKycSubmissions } from '../api/admin-kyc';
import styles from './admin.module.css';
import { NameCell } from './admin-cells';
import { AdminList, StatusTabs, statusTabs, useListFilters } from './admin-list';

type TFilter = 'all' | TKycSubmissionStatus;
const FILTERS: readonly TFilter[] = ['pending', 'approved', 'rejected', 'all'];

export const KYC_STATUS_TONE: Record<TKycSubmissionStatus, TTone> = {
  pending: 'info',
  approved: 'positive',
  rejected: 'negative',
};

/** Identity documents waiting for review (the oldest first), and the decisions made. */
export function AdminKycScreen() {
  const t = useT();
  const tabs = statusTabs(FILTERS, kycStatusText);
  const list = useListFilters<{ status: TFilter }>({ status: 'pending' });
  const filter = list.filters.status;
  const query = useAdminKycSubmissions(filter === 'all' ? undefined : filter, list.page);

  const columns: TColumn<TKycSubmission>[] = [
    {
      key: 'user',
      header: t('admin.column.user'),
      isPrimary: true,
      cell: (row) => <NameCell to={PATHS.admin.kycSubmission(row.id)}>{row.email}</NameCell>,
    },
    { key: 'document', header: t('admin.kyc.document'), cell: (row) => documentTypeText(row.documentType) },
    dateTimeColumn('sent', t('admin.kyc.sent'), (row) => row.createdAt),
    {
      key: 'status',
      header: t('admin.column.status'),
      cell: (row) => (
        <span className={styles.cellStack}>
          <Badge tone={KYC_STATUS_TONE[row.status]}>{kycStatusText(row.status)}</Badge>
          {row.reason ? <span className={styles.sub}>{row.reason}</span> : null}
        </span>
      ),
    },
    {
      key: 'open',
      header: t('admin.kyc.reviewHeader'),
      align: 'end',
      cell: (row) => (
        <Link to={PATHS.admin.kycSubmission(row.id)} className={styles.strongLink}>
          {row.status === 'pending' ? t('admin.kyc.review') : t('admin.kyc.open')}
        </Link>
      ),
    },
  ];

  return (
    <AdminList
      list={list}
      toolbar={<StatusTabs list={list} tabs={tabs} />}
      counted="admin.kyc.count"
      caption={t('admin.kyc.caption')}
      columns={columns}
      skeletonRows={6}
      empty={<EmptyState icon={<IconShieldCheck size={24} />} title={t('admin.kyc.empty')} />}
      query={query}
      noun={t('admin.kyc.noun')}
      errorTitle={t('admin.kyc.loadError')}
    />
  );
}
