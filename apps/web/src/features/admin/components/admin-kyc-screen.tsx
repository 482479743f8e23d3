import {
  DOCUMENT_TYPE_LABEL,
  KYC_STATUS_LABEL,
  type TKycSubmission,
  type TKycSubmissionStatus,
} from '@td/contracts/kyc';
import type { TTone } from '@td/contracts/statuses';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import type { TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconShieldCheck } from '../../../components/icons';
import { formatDateTime } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { useAdminKycSubmissions } from '../api/admin-kyc';
import styles from './admin.module.css';
import { AdminList, StatusTabs, useListFilters } from './admin-list';

type TFilter = 'all' | TKycSubmissionStatus;
const FILTERS: { value: TFilter; label: string }[] = [
  { value: 'pending', label: KYC_STATUS_LABEL.pending },
  { value: 'approved', label: KYC_STATUS_LABEL.approved },
  { value: 'rejected', label: KYC_STATUS_LABEL.rejected },
  { value: 'all', label: 'All' },
];

export const KYC_STATUS_TONE: Record<TKycSubmissionStatus, TTone> = {
  pending: 'info',
  approved: 'positive',
  rejected: 'negative',
};

/** Identity documents waiting for review (the oldest first), and the decisions made. */
export function AdminKycScreen() {
  const list = useListFilters<{ status: TFilter }>({ status: 'pending' });
  const filter = list.filters.status;
  const query = useAdminKycSubmissions(filter === 'all' ? undefined : filter, list.page);

  const columns: TColumn<TKycSubmission>[] = [
    {
      key: 'user',
      header: 'User',
      isPrimary: true,
      cell: (row) => (
        <Link to={PATHS.admin.kycSubmission(row.id)} className={styles.strongLink}>
          {row.email}
        </Link>
      ),
    },
    { key: 'document', header: 'Document', cell: (row) => DOCUMENT_TYPE_LABEL[row.documentType] },
    {
      key: 'sent',
      header: 'Sent',
      cell: (row) => <span className="tabular">{formatDateTime(row.createdAt)}</span>,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => (
        <span className={styles.cellStack}>
          <Badge tone={KYC_STATUS_TONE[row.status]}>{KYC_STATUS_LABEL[row.status]}</Badge>
          {row.reason ? <span className={styles.sub}>{row.reason}</span> : null}
        </span>
      ),
    },
    {
      key: 'open',
      header: 'Review',
      align: 'end',
      cell: (row) => (
        <Link to={PATHS.admin.kycSubmission(row.id)} className={styles.strongLink}>
          {row.status === 'pending' ? 'Review' : 'Open'}
        </Link>
      ),
    },
  ];

  return (
    <AdminList
      list={list}
      toolbar={<StatusTabs list={list} tabs={FILTERS} />}
      counted={['submission', 'submissions']}
      caption="Identity submissions"
      columns={columns}
      skeletonRows={6}
      empty={<EmptyState icon={<IconShieldCheck size={24} />} title="Nothing to review." />}
      query={query}
      noun="submissions"
    />
  );
}
