// The back office's audit log: every staff action, who took it and in what role, on what record,
// what changed and when, filtered by kind of action.
import type { TAuditEntry } from '@td/contracts/admin';
import { IconHistory } from '../../../components/app-icons';
import { dateTimeColumn, type TColumn } from '../../../components/data-table';
import { EmailText } from '../../../components/email-text';
import { EmptyState } from '../../../components/empty-state';
import { SelectField } from '../../../components/select-field';
import { useT } from '../../../lib/i18n';
import { roleText } from '../admin-sections';
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
  'announcement.send',
];

const columns = (t: ReturnType<typeof useT>): TColumn<TAuditEntry>[] => [
  { ...dateTimeColumn('when', t('admin.audit.when'), (entry) => entry.createdAt), isPrimary: true },
  {
    key: 'who',
    header: t('admin.audit.staff'),
    cell: (entry) => (
      <span className={styles.change}>
        <EmailText value={entry.actor.email} />
        <span className={styles.sub} data-testid="audit-actor-role">
          {roleText(t, entry.actor.role)}
        </span>
      </span>
    ),
  },
  {
    key: 'what',
    header: t('admin.audit.action'),
    cell: (entry) => <code className={styles.code}>{entry.action}</code>,
  },
  {
    key: 'target',
    header: t('admin.audit.target'),
    cell: (entry) => <span className={styles.sub}>{`${entry.targetType} ${entry.targetId}`}</span>,
  },
  {
    key: 'change',
    header: t('admin.audit.change'),
    cell: (entry) => (
      <span className={styles.change}>
        {changesOf(entry.action, entry.before, entry.after).map((line) => (
          <span key={line}>{line}</span>
        ))}
      </span>
    ),
  },
];

/** Who (in what role) did what, to what, from which state to which, and when: every staff action. */
export function AdminAuditScreen() {
  const t = useT();
  const list = useListFilters({ action: '' });
  const query = useAuditLog(list.filters.action, list.page);
  return (
    <AdminList
      list={list}
      toolbar={
        <SelectField
          label={t('admin.audit.action')}
          value={list.filters.action}
          className={styles.filter}
          options={[
            { value: '', label: t('admin.audit.allActions') },
            ...ACTIONS.map((value) => ({ value, label: value })),
          ]}
          onChange={(event) => list.setFilter('action', event.target.value)}
        />
      }
      caption={t('admin.title.audit')}
      columns={columns(t)}
      empty={<EmptyState icon={<IconHistory size={24} />} title={t('admin.audit.empty')} />}
      query={query}
      noun={t('admin.audit.noun')}
      errorTitle={t('admin.audit.loadError')}
    />
  );
}
