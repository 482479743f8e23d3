// The security screen's passkeys card: the user's passkeys (a way in without a password, and a
// second factor), adding one after a proof of who asks and the browser's dialog, and removing one.
import { PASSKEY_NAME_MAX, PASSKEYS_PER_USER_MAX, type TPasskey } from '@td/contracts/passkeys';
import type { TUser } from '@td/contracts/profile';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Badge } from '../../../components/badge';
import type { TColumn } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import { t, useT } from '../../../lib/i18n';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { isWebAuthnRefusal } from '../../../lib/webauthn';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';
import { AddCredentialDialog } from './add-credential-dialog';
import { CredentialsCard, createdColumn, lastUsedColumn, removeColumn } from './credentials-card';
import styles from './credentials-card.module.css';
import { useProof } from './proof-fields';

function AddPasskeyDialog({ user, isOpen, onClose }: { user: TUser; isOpen: boolean; onClose: () => void }) {
  const t = useT();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const proof = useProof<'name'>(user);

  const close = () => {
    setName('');
    proof.reset();
    onClose();
  };
  const submit = () => {
    const trimmed = name.trim();
    if (!proof.check(trimmed ? {} : { name: t('security.passkeys.nameError') })) return;
    add.mutate(
      { name: trimmed, ...proof.body },
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
          proof.setErrors(serverFieldErrors(failure));
        },
      },
    );
  };

  return (
    <AddCredentialDialog
      isOpen={isOpen}
      onClose={close}
      title={t('security.passkeys.add')}
      description={t('security.passkeys.addDescription')}
      onSubmit={submit}
      testId="add-passkey"
      submitLabel={t('security.passkeys.continue')}
      isPending={add.isPending}
      nameField={{
        label: t('security.passkeys.name'),
        name: 'passkeyName',
        placeholder: t('security.passkeys.namePlaceholder'),
        max: PASSKEY_NAME_MAX,
        value: name,
        onChange: setName,
        error: proof.errors.name,
      }}
      proof={proof}
    />
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
  lastUsedColumn((_, lastUsedAt) => formatDateTime(lastUsedAt)),
  createdColumn(t('security.passkeys.addedAt')),
  removeColumn(
    t('common.remove'),
    (passkey) => t('security.passkeys.removeLabel', { name: passkey.name }),
    onRemove,
  ),
];

/** The user's passkeys: a way in without a password, and a second factor. */
export function PasskeysCard({ user }: { user: TUser }) {
  const t = useT();
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();

  return (
    <CredentialsCard
      title={t('security.passkeys.title')}
      addLabel={t('security.passkeys.add')}
      isFull={(passkeys.data?.length ?? 0) >= PASSKEYS_PER_USER_MAX}
      intro={t('security.passkeys.intro')}
      list={passkeys}
      columns={columns}
      loadError={t('security.passkeys.loadError')}
      empty={t('security.passkeys.empty')}
      addDialog={(dialog) => <AddPasskeyDialog user={user} {...dialog} />}
      removal={{
        title: (passkey) => t('security.passkeys.removeTitle', { name: passkey?.name ?? '' }),
        description: t('security.passkeys.removeDescription'),
        confirmLabel: t('security.passkeys.remove'),
        testId: 'remove-passkey',
        doneMessage: t('security.passkeys.removed'),
        mutation: remove,
      }}
    />
  );
}
