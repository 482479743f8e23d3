import type { TAuditEntry } from '@td/contracts/admin';
import { useState } from 'react';
import { Card } from '../../../components/card';
import type { TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconHistory } from '../../../components/icons';
import { PagedTable } from '../../../components/paged-table';
import { SelectField } from '../../../components/select-field';
import { formatDateTime } from '../../../lib/format';
import { useAuditLog } from '../api/admin-audit';
import { ADMIN_PAGE_SIZE } from '../api/admin-users';
import styles from './admin.module.css';

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

const show = (value: unknown): string =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** What changed: each key whose value differs, "status: act → sus" (or the whole value when not an object). */
function changesOf(before: unknown, after: unknown): string[] {
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isRecord(before) || !isRecord(after)) return [`${show(before)} → ${show(after)}`];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changed = keys.filter((key) => show(before[key]) !== show(after[key]));
  return changed.map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`);
}

const COLUMNS: TColumn<TAuditEntry>[] = [
  {
    key: 'when',
    header: 'When',
    isPrimary: true,
    cell: (entry) => <span className="tabular">{formatDateTime(entry.createdAt)}</span>,
  },
  { key: 'who', header: 'Administrator', cell: (entry) => entry.actor.email },
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
        {changesOf(entry.before, entry.after).map((line) => (
          <span key={line}>{line}</span>
        ))}
      </span>
    ),
  },
];

/** Who did what, to what, from which state to which, and when: every administrator action. */
export function AdminAuditScreen() {
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const query = useAuditLog(action, page);
  return (
    <Card isFlush>
      <div className={styles.toolbar}>
        <SelectField
          label="Action"
          value={action}
          className={styles.filter}
          options={[
            { value: '', label: 'All actions' },
            ...ACTIONS.map((value) => ({ value, label: value })),
          ]}
          onChange={(event) => {
            setAction(event.target.value);
            setPage(1);
          }}
        />
      </div>
      <PagedTable
        caption="Audit log"
        columns={COLUMNS}
        rowKey={(entry) => entry.id}
        skeletonRows={8}
        empty={<EmptyState icon={<IconHistory size={24} />} title="No administrator action yet." />}
        query={query}
        page={page}
        limit={ADMIN_PAGE_SIZE}
        onPageChange={setPage}
        noun="entries"
      />
    </Card>
  );
}
