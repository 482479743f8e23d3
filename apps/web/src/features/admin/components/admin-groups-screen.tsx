import type { TClientGroup, TMarginMode, TWriteOff } from '@td/contracts/groups';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable, dateTimeColumn, type TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconActivity } from '../../../components/icons';
import { accountLabel } from '../../../domain/trading/components/account-switch';
import { formatMoney } from '../../../lib/format';
import { displaySymbol } from '../../../lib/format-market';
import { useT } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useAdminGroups, useCreateGroup, useUpdateGroup, useWriteOffs } from '../api/admin-groups';
import styles from './admin.module.css';
import { NameCell } from './admin-cells';
import { TableCard } from './admin-list';
import { InlineField, InlineNumberField, InlineSaveForm, toastOutcome, useInlineDraft } from './inline-form';

/** A group's margin-call and stop-out levels, saved together (the server checks stop-out < margin call). */
function GroupLevels({ group }: { group: TClientGroup }) {
  const t = useT();
  const update = useUpdateGroup();
  const levels = useInlineDraft({ call: String(group.marginCallLevel), stop: String(group.stopOutLevel) });
  return (
    <InlineSaveForm
      isChanged={levels.isChanged}
      isPending={update.isPending}
      onSave={() =>
        update.mutateAsync({
          id: group.id,
          marginCallLevel: Number(levels.draft.call),
          stopOutLevel: Number(levels.draft.stop),
        })
      }
    >
      <InlineNumberField label={t('admin.groups.marginCall')} min={11} max={1000} {...levels.field('call')} />
      <InlineNumberField label={t('admin.groups.stopOut')} min={10} max={999} {...levels.field('stop')} />
    </InlineSaveForm>
  );
}

function MakeDefault({ group }: { group: TClientGroup }) {
  const t = useT();
  const update = useUpdateGroup();
  if (group.isDefault) return <Badge tone="positive">{t('admin.groups.default')}</Badge>;
  return (
    <Button
      size="sm"
      variant="secondary"
      isLoading={update.isPending}
      onClick={() => void toastOutcome(update.mutateAsync({ id: group.id, isDefault: true }))}
    >
      {t('admin.groups.makeDefault')}
    </Button>
  );
}

const modeText = (t: ReturnType<typeof useT>, mode: TMarginMode) =>
  t(mode === 'cross' ? 'risk.mode.cross' : 'risk.mode.isolated');

const groupColumns = (t: ReturnType<typeof useT>): TColumn<TClientGroup>[] => [
  {
    key: 'name',
    header: t('admin.groups.name'),
    isPrimary: true,
    cell: (group) => <NameCell sub={modeText(t, group.marginMode)}>{group.name}</NameCell>,
  },
  {
    key: 'levels',
    header: t('admin.groups.levels'),
    cell: (group) => <GroupLevels key={`${group.marginCallLevel}-${group.stopOutLevel}`} group={group} />,
  },
  {
    key: 'swapFree',
    header: t('admin.groups.swapFree'),
    cell: (group) => t(group.swapFree ? 'common.yes' : 'common.no'),
  },
  { key: 'users', header: t('admin.groups.users'), align: 'end', cell: (group) => group.users },
  { key: 'default', header: t('admin.groups.defaultHeader'), cell: (group) => <MakeDefault group={group} /> },
];

/** A new group: its name and margin mode (the mode's default levels; changed in the table after). */
function NewGroup() {
  const t = useT();
  const create = useCreateGroup();
  const [name, setName] = useState('');
  const [mode, setMode] = useState<TMarginMode>('isolated');
  return (
    <form
      className={styles.inlineForm}
      onSubmit={(event) => {
        event.preventDefault();
        void toastOutcome(create.mutateAsync({ name, marginMode: mode }), () => setName(''));
      }}
    >
      <InlineField label={t('admin.groups.name')}>
        <input
          className={styles.wideInput}
          value={name}
          maxLength={60}
          required
          onChange={(event) => setName(event.target.value)}
        />
      </InlineField>
      <InlineField label={t('admin.groups.mode')}>
        <select
          className={styles.inlineSelect}
          value={mode}
          onChange={(event) => setMode(event.target.value as TMarginMode)}
        >
          <option value="isolated">{t('risk.mode.isolated')}</option>
          <option value="cross">{t('risk.mode.cross')}</option>
        </select>
      </InlineField>
      <Button size="sm" type="submit" variant="primary" isLoading={create.isPending}>
        {t('admin.groups.create')}
      </Button>
    </form>
  );
}

const writeOffColumns = (t: ReturnType<typeof useT>): TColumn<TWriteOff>[] => [
  dateTimeColumn('time', t('admin.writeOffs.time'), (off) => off.createdAt),
  {
    key: 'user',
    header: t('admin.writeOffs.user'),
    isPrimary: true,
    cell: (off) => <Link to={PATHS.admin.user(off.userId)}>{off.userEmail}</Link>,
  },
  {
    key: 'order',
    header: t('admin.writeOffs.order'),
    cell: (off) => (
      <span>
        {displaySymbol(off.symbol)} · {accountLabel(off.account)}
        <span className={styles.sub}>{off.orderId}</span>
      </span>
    ),
  },
  {
    key: 'amount',
    header: t('admin.writeOffs.amount'),
    align: 'end',
    cell: (off) => <span className="tabular">{formatMoney(off.amount, 2)}</span>,
  },
];

/** Client groups (margin mode and levels, the default group) and the house's write-offs. */
export function AdminGroupsScreen() {
  const t = useT();
  const groups = useAdminGroups();
  const writeOffs = useWriteOffs(1);
  return (
    <div className={styles.stack}>
      <Card title={t('admin.groups.new')}>
        <NewGroup />
      </Card>
      <Card isFlush>
        <DataTable
          caption={t('admin.title.groups')}
          columns={groupColumns(t)}
          rows={groups.data}
          rowKey={(group) => group.id}
          isLoading={groups.isPending}
          empty={<EmptyState icon={<IconActivity size={24} />} title={t('admin.groups.empty')} />}
        />
      </Card>
      <TableCard
        title={t('admin.writeOffs.title')}
        columns={writeOffColumns(t)}
        rows={writeOffs.data?.items}
        rowKey={(off) => off.id}
        isLoading={writeOffs.isPending}
        empty={<EmptyState icon={<IconActivity size={24} />} title={t('admin.writeOffs.empty')} />}
      />
    </div>
  );
}
