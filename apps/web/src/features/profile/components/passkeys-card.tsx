import { PASSKEY_NAME_MAX, PASSKEYS_PER_USER_MAX, type TPasskey } from '@td/contracts/passkeys';
import type { TUser } from '@td/contracts/profile';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable, type TColumn } from '../../../components/data-table';
import { ConfirmDialog, Dialog } from '../../../components/dialog';
import { EmptyState, LoadError } from '../../../components/empty-state';
import { FormActions } from '../../../components/form-actions';
import { IconKey } from '../../../components/icons';
import { TextField } from '../../../components/text-field';
import { hasFieldErrors, serverFieldErrors, type TFieldErrors } from '../../../lib/form-errors';
import { formatDateTime, formatTimeAgo } from '../../../lib/format';
import { t, useT } from '../../../lib/i18n';
import { isWebAuthnRefusal } from '../../../lib/webauthn';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';
import styles from './credentials-card.module.css';
import {
  EMPTY_PROOF,
  missingProof,
  ProofFields,
  proofBody,
  type TProofField,
  type TProofValues,
} from './proof-fields';

function AddPasskeyDialog({ user, isOpen, onClose }: { user: TUser; isOpen: boolean; onClose: () => void }) {
  const t = useT();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [proof, setProof] = useState<TProofValues>(EMPTY_PROOF);
  const [errors, setErrors] = useState<TFieldErrors<'name' | TProofField>>({});

  const close = () => {
    setName('');
    setProof(EMPTY_PROOF);
    setErrors({});
    onClose();
  };
  const submit = () => {
    const trimmed = name.trim();
    const found = {
      ...(trimmed ? {} : { name: t('security.passkeys.nameError') }),
      ...missingProof(user, proof),
    };
    setErrors(found);
    if (hasFieldErrors(found)) return;
    add.mutate(
      { name: trimmed, ...proofBody(user, proof) },
      {
        onSuccess: ({ message }) => {
          toast.success(message || t('security.passkeys.added'));
          close();
        },
        onError: (failure) => {
          if (isWebAuthnRefusal(failure)) {
            toast.error(t('security.passkeys.cancelled'), { id: 'passkey-cancelled' });
            return;
          }
          setErrors(serverFieldErrors<'name' | TProofField>(failure));
        },
      },
    );
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('security.passkeys.add')}
      description={t('security.passkeys.addDescription')}
      onSubmit={submit}
      testId="add-passkey"
      footer={
        <FormActions
          onCancel={close}
          submitLabel={t('security.passkeys.continue')}
          isPending={add.isPending}
        />
      }
    >
      <div className={styles.form}>
        <TextField
          label={t('security.passkeys.name')}
          name="passkeyName"
          autoComplete="off"
          placeholder={t('security.passkeys.namePlaceholder')}
          maxLength={PASSKEY_NAME_MAX + 8}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
        />
        <ProofFields
          user={user}
          values={proof}
          errors={errors}
          onChange={(field, value) => {
            setProof((current) => ({ ...current, [field]: value }));
            if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
          }}
        />
      </div>
    </Dialog>
  );
}

const columns = (onRemove: (passkey: TPasskey) => void): readonly TColumn<TPasskey>[] => [
  {
    key: 'name',
    header: t('security.passkeys.passkey'),
    isPrimary: true,
    cell: (passkey) => (
      <span className={styles.badges}>
        <span className={styles.keyLabel}>{passkey.name}</span>
        {passkey.isSynced ? <Badge tone="info">{t('security.passkeys.synced')}</Badge> : null}
      </span>
    ),
  },
  {
    key: 'lastUsed',
    header: t('security.lastUsed'),
    cell: (passkey) =>
      passkey.lastUsedAt ? (
        <time dateTime={passkey.lastUsedAt} title={formatDateTime(passkey.lastUsedAt)} className="tabular">
          {formatTimeAgo(passkey.lastUsedAt)}
        </time>
      ) : (
        <span className={styles.muted}>{t('security.never')}</span>
      ),
  },
  {
    key: 'created',
    header: t('security.passkeys.addedAt'),
    cell: (passkey) => (
      <time dateTime={passkey.createdAt} className="tabular">
        {formatDateTime(passkey.createdAt)}
      </time>
    ),
  },
  {
    key: 'action',
    header: '',
    align: 'end',
    cell: (passkey) => (
      <Button
        size="sm"
        variant="ghost"
        className={styles.revoke}
        onClick={() => onRemove(passkey)}
        aria-label={t('security.passkeys.removeLabel', { name: passkey.name })}
      >
        {t('common.remove')}
      </Button>
    ),
  },
];

/** The user's passkeys: a way in without a password, and a second factor. */
export function PasskeysCard({ user }: { user: TUser }) {
  const t = useT();
  const { data: passkeys, isPending, isError, refetch } = usePasskeys();
  const remove = useRemovePasskey();
  const [isAdding, setIsAdding] = useState(false);
  const [removing, setRemoving] = useState<TPasskey | undefined>();
  const isFull = (passkeys?.length ?? 0) >= PASSKEYS_PER_USER_MAX;

  return (
    <Card
      title={t('security.passkeys.title')}
      isFlush
      actions={
        <Button size="sm" variant="secondary" disabled={isFull} onClick={() => setIsAdding(true)}>
          {t('security.passkeys.add')}
        </Button>
      }
    >
      <p className={styles.intro}>{t('security.passkeys.intro')}</p>
      <DataTable
        caption={t('security.passkeys.title')}
        columns={columns(setRemoving)}
        rows={passkeys}
        rowKey={(passkey) => passkey.id}
        isLoading={isPending}
        skeletonRows={1}
        error={
          isError ? (
            <LoadError title={t('security.passkeys.loadError')} onRetry={() => void refetch()} />
          ) : undefined
        }
        empty={<EmptyState icon={<IconKey size={24} />} title={t('security.passkeys.empty')} />}
      />
      <AddPasskeyDialog user={user} isOpen={isAdding} onClose={() => setIsAdding(false)} />
      <ConfirmDialog
        isOpen={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        title={t('security.passkeys.removeTitle', { name: removing?.name ?? '' })}
        description={t('security.passkeys.removeDescription')}
        testId="remove-passkey"
        confirmLabel={t('security.passkeys.remove')}
        isPending={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: ({ message }) => toast.success(message || t('security.passkeys.removed')),
            onSettled: () => setRemoving(undefined),
          });
        }}
      />
    </Card>
  );
}
