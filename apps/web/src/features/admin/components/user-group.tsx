import { useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { useT } from '../../../lib/i18n';
import { useAdminGroups, useSetUserGroup } from '../api/admin-groups';
import styles from './admin.module.css';
import { InlineField, toastOutcome } from './inline-form';

/** The user's client group on their page, and a move to another one (audited). */
export function UserGroup({ userId, groupId }: { userId: string; groupId: string | undefined }) {
  const t = useT();
  const groups = useAdminGroups();
  const move = useSetUserGroup();
  const [chosen, setChosen] = useState(groupId ?? '');
  const current = groups.data?.find((group) => group.id === groupId);
  return (
    <Card title={t('admin.groups.userGroup')}>
      <form
        className={styles.inlineForm}
        data-testid="user-group"
        onSubmit={(event) => {
          event.preventDefault();
          void toastOutcome(move.mutateAsync({ id: userId, groupId: chosen }));
        }}
      >
        <InlineField
          label={
            current
              ? `${current.name} · ${t(current.marginMode === 'cross' ? 'risk.mode.cross' : 'risk.mode.isolated')} · ${current.marginCallLevel} % / ${current.stopOutLevel} %`
              : t('common.loading')
          }
        >
          <select
            className={styles.inlineSelect}
            aria-label={t('admin.groups.userGroup')}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          >
            {(groups.data ?? []).map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </select>
        </InlineField>
        <Button size="sm" type="submit" disabled={chosen === groupId} isLoading={move.isPending}>
          {t('admin.groups.move')}
        </Button>
      </form>
    </Card>
  );
}
