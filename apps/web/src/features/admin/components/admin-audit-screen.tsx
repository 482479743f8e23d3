import type { TAuditEntry } from '@td/contracts/admin';
import {
  ORDER_STATUS,
  PAIR_STATUS,
  PAYMENT_STATUS,
  TICKET_STATUS,
  USER_STATUS,
} from '@td/contracts/statuses';
import type { TColumn } from '../../../components/data-table';
import { EmailText } from '../../../components/email-text';
import { EmptyState } from '../../../components/empty-state';
import { IconHistory } from '../../../components/icons';
import { SelectField } from '../../../components/select-field';
import { formatDateTime } from '../../../lib/format';
import { useAuditLog } from '../api/admin-audit';
import styles from './admin.module.css';
import { AdminList, useListFilters } from './admin-list';

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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const show = (value: unknown): string =>
  value === null || value === undefined
    ? '—'
    : Array.isArray(value)
      ? value.map(show).join(', ') || '—'
      : isRecord(value)
        ? Object.entries(value)
            .map(([key, inner]) => `${key} ${show(inner)}`)
            .join(', ')
        : String(value);

/** Each kind of record's status words, by the first part of the action ("order.update" → orders'). */
const STATUS_WORDS: Record<string, Readonly<Record<string, string>>> = {
  user: USER_STATUS,
  order: ORDER_STATUS,
  pair: PAIR_STATUS,
  ticket: TICKET_STATUS,
  withdrawal: PAYMENT_STATUS,
};

/**
 * What changed: each leaf whose value differs, by its dotted path ("status: Active → Suspended",
 * "networks.ethereum.confirmations: 12 → 6"), a status code said in words; the whole value when
 * either side is not an object.
 */
function changesOf(action: string, before: unknown, after: unknown): string[] {
  if (!isRecord(before) || !isRecord(after)) return [`${show(before)} → ${show(after)}`];
  const words = STATUS_WORDS[action.split('.')[0] ?? ''];
  const said = (key: string, value: unknown) =>
    key === 'status' && typeof value === 'string' && words?.[value] ? words[value] : show(value);
  const lines: string[] = [];
  const walk = (path: string, from: Record<string, unknown>, to: Record<string, unknown>) => {
    for (const key of new Set([...Object.keys(from), ...Object.keys(to)])) {
      const [was, is] = [from[key], to[key]];
      const at = path ? `${path}.${key}` : key;
      if (isRecord(was) && isRecord(is)) walk(at, was, is);
      else if (show(was) !== show(is)) lines.push(`${at}: ${said(key, was)} → ${said(key, is)}`);
    }
  };
  walk('', before, after);
  return lines;
}

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
      rowKey={(entry) => entry.id}
      skeletonRows={8}
      empty={<EmptyState icon={<IconHistory size={24} />} title="No administrator action yet." />}
      query={query}
      noun="entries"
    />
  );
}
