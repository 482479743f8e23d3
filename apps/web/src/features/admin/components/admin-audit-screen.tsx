import type { TAuditEntry } from '@td/contracts/admin';
import type { TColumn } from '../../../components/data-table';
import { EmailText } from '../../../components/email-text';
import { EmptyState } from '../../../components/empty-state';
import { IconHistory } from '../../../components/icons';
import { SelectField } from '../../../components/select-field';
import { formatDateTime } from '../../../lib/format';
import { useAuditLog } from '../api/admin-audit';
import styles from './admin.module.css';
import { AdminList, useListFilters } from './admin-list';
import { changesOf } from './audit-changes';

const ACTIONS = [
  'user.suspend',
  'user.reactivate',
  'user.role',
  'user.delete',
  'order.update',
  'pair.update',
  'settings.update',
  'ticket.reply',
  'ticket.status',
];

const COLUMNS: TColumn<TAuditEntry>[] = [
  {
    key: 'when',
    header: 'When',
    isPrimary: true,
    cell: (entry) => <span className="tabular">{formatDateTime(entry.createdAt)}</span>,
  },
  { key: 'who', header: 'Administrator', cell: (entry) => <EmailText value={entry.actor.email} /> },
  { key: 'what', header: 'Action', cell: (entry) => <code className={styles.code}>{entry.action}</code> },
  {
    key: 'target',
    header: 'Target',
    cell: (entry) => <span className={styles.sub}>{`${entry.targetType} ${entry.targetId}`}</span>,
  },
  {
    key: 'change',
    header: 'Change',
    cell: (entry) => (
      <span className={styles.change}>
        {changesOf(entry.action, entry.before, entry.after).map((line) => (
          <span key={line}>{line}</span>
        ))}
      </span>
    ),
  },
];

/** Who did what, to what, from which state to which, and when: every administrator action. */
export function AdminAuditScreen() {
  const list = useListFilters({ action: '' });
  const query = useAuditLog(list.filters.action, list.page);
  return (
    <AdminList
      list={list}
      toolbar={
        <SelectField
          label="Action"
          value={list.filters.action}
          className={styles.filter}
          options={[
            { value: '', label: 'All actions' },
            ...ACTIONS.map((value) => ({ value, label: value })),
          ]}
          onChange={(event) => list.setFilter('action', event.target.value)}
        />
      }
      caption="Audit log"
      columns={COLUMNS}
      empty={<EmptyState icon={<IconHistory size={24} />} title="No administrator action yet." />}
      query={query}
      noun="entries"
    />
  );
}
