/** The card a list of the user's credentials sits in (API keys, passkeys), and its shared columns. */
import type { ReactNode } from 'react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable, type TColumn } from '../../../components/data-table';
import { ConfirmDialog } from '../../../components/dialog';
import { EmptyState, LoadError } from '../../../components/empty-state';
import { IconKey } from '../../../components/icons';
import { formatDateTime, formatTimeAgo } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import styles from './credentials-card.module.css';

interface TCredential {
  id: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** When a credential was last used, as time ago; `titleOf` is the tooltip with the details. */
export function lastUsedColumn<TItem extends TCredential>(
  titleOf: (item: TItem, lastUsedAt: string) => string,
): TColumn<TItem> {
  return {
    key: 'lastUsed',
    header: t('security.lastUsed'),
    cell: (item) =>
      item.lastUsedAt ? (
        <time dateTime={item.lastUsedAt} title={titleOf(item, item.lastUsedAt)} className="tabular">
          {formatTimeAgo(item.lastUsedAt)}
        </time>
      ) : (
        <span className={styles.muted}>{t('security.never')}</span>
      ),
  };
}

/** When a credential was made, under the card's own header ("Created", "Added"). */
export function createdColumn<TItem extends TCredential>(header: string): TColumn<TItem> {
  return {
    key: 'created',
    header,
    cell: (item) => (
      <time dateTime={item.createdAt} className="tabular">
        {formatDateTime(item.createdAt)}
      </time>
    ),
  };
}

/** The row's own button that asks to revoke or remove it; `ariaLabel` names the credential. */
export function removeColumn<TItem extends TCredential>(
  label: string,
  ariaLabelOf: (item: TItem) => string,
  onRemove: (item: TItem) => void,
): TColumn<TItem> {
  return {
    key: 'action',
    header: '',
    align: 'end',
    cell: (item) => (
      <Button
        size="sm"
        variant="ghost"
        className={styles.revoke}
        onClick={() => onRemove(item)}
        aria-label={ariaLabelOf(item)}
      >
        {label}
      </Button>
    ),
  };
}

interface TRemoval<TItem> {
  /** The question, naming the credential (none while the dialog is closed). */
  title: (item: TItem | undefined) => string;
  description: string;
  confirmLabel: string;
  testId: string;
  /** The toast when the server's answer has no message of its own. */
  doneMessage: string;
  mutation: {
    isPending: boolean;
    mutate: (
      id: string,
      options: { onSuccess: (result: { message: string }) => void; onSettled: () => void },
    ) => void;
  };
}

interface TCredentialsCardProps<TItem extends TCredential> {
  title: string;
  /** The words of the header's button that opens `addDialog`. */
  addLabel: string;
  /** At the limit the add button is off (the intro says why). */
  isFull: boolean;
  intro: ReactNode;
  list: { data: readonly TItem[] | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  /** The table's columns; a row's remove button calls `onRemove`, which asks first. */
  columns: (onRemove: (item: TItem) => void) => readonly TColumn<TItem>[];
  loadError: string;
  empty: string;
  addDialog: (props: { isOpen: boolean; onClose: () => void }) => ReactNode;
  removal: TRemoval<TItem>;
}

/**
 * A card with an add button in its header, an intro, the table of what the user has (one
 * placeholder row while it loads) and the question before one is removed.
 */
export function CredentialsCard<TItem extends TCredential>({
  title,
  addLabel,
  isFull,
  intro,
  list,
  columns,
  loadError,
  empty,
  addDialog,
  removal,
}: TCredentialsCardProps<TItem>) {
  const [isAdding, setIsAdding] = useState(false);
  const [removing, setRemoving] = useState<TItem | undefined>();

  return (
    <Card
      title={title}
      isFlush
      actions={
        <Button size="sm" variant="secondary" disabled={isFull} onClick={() => setIsAdding(true)}>
          {addLabel}
        </Button>
      }
    >
      <p className={styles.intro}>{intro}</p>
      <DataTable
        caption={title}
        columns={columns(setRemoving)}
        rows={list.data}
        rowKey={(item) => item.id}
        isLoading={list.isPending}
        skeletonRows={1}
        error={list.isError ? <LoadError title={loadError} onRetry={() => void list.refetch()} /> : undefined}
        empty={<EmptyState icon={<IconKey size={24} />} title={empty} />}
      />
      {addDialog({ isOpen: isAdding, onClose: () => setIsAdding(false) })}
      <ConfirmDialog
        isOpen={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        title={removal.title(removing)}
        description={removal.description}
        testId={removal.testId}
        confirmLabel={removal.confirmLabel}
        isPending={removal.mutation.isPending}
        onConfirm={() => {
          if (!removing) return;
          removal.mutation.mutate(removing.id, {
            onSuccess: ({ message }) => toast.success(message || removal.doneMessage),
            onSettled: () => setRemoving(undefined),
          });
        }}
      />
    </Card>
  );
}
