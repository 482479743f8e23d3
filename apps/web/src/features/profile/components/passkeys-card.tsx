import { PASSKEY_NAME_MAX, PASSKEYS_PER_USER_MAX, type TPasskey } from '@td/contracts/passkeys';
import type { TUser } from '@td/contracts/profile';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable, type TColumn } from '../../../components/data-table';
import { Dialog } from '../../../components/dialog';
import { EmptyState, LoadError } from '../../../components/empty-state';
import { IconKey } from '../../../components/icons';
import { PasswordField, TextField } from '../../../components/text-field';
import { serverFieldErrors } from '../../../lib/form-errors';
import { formatDateTime, formatTimeAgo } from '../../../lib/format';
import { isWebAuthnRefusal } from '../../../lib/webauthn';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';
import styles from './credentials-card.module.css';

function AddPasskeyDialog({ user, isOpen, onClose }: { user: TUser; isOpen: boolean; onClose: () => void }) {
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ name?: string; currentPassword?: string; code?: string }>({});

  const close = () => {
    setName('');
    setPassword('');
    setCode('');
    setErrors({});
    onClose();
  };
  const submit = () => {
    const trimmed = name.trim();
    const found = {
      ...(trimmed ? {} : { name: 'Name the passkey' }),
      ...(user.hasPassword && !password ? { currentPassword: 'Enter your password' } : {}),
      ...(user.tfaEnabled && !code.trim() ? { code: 'Enter the 6-digit code from your app' } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    add.mutate(
      {
        name: trimmed,
        ...(user.hasPassword ? { currentPassword: password } : {}),
        ...(user.tfaEnabled ? { code: code.trim() } : {}),
      },
      {
        onSuccess: ({ message }) => {
          toast.success(message || 'Passkey added');
          close();
        },
        onError: (failure) => {
          if (isWebAuthnRefusal(failure)) {
            toast.error('No passkey was made. Try again when your device asks.', { id: 'passkey-cancelled' });
            return;
          }
          setErrors(serverFieldErrors<'name' | 'currentPassword' | 'code'>(failure));
        },
      },
    );
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title="Add a passkey"
      description="Your device keeps the passkey (Face ID, Touch ID, Windows Hello, a security key or your phone). Then log in with it instead of a password, or use it as your second step."
      onSubmit={submit}
      testId="add-passkey"
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" isLoading={add.isPending}>
            Continue
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <TextField
          label="Name"
          name="passkeyName"
          autoComplete="off"
          placeholder="e.g. MacBook, iPhone"
          maxLength={PASSKEY_NAME_MAX + 8}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
        />
        {user.hasPassword ? (
          <PasswordField
            label="Current password"
            name="currentPassword"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.currentPassword}
          />
        ) : null}
        {user.tfaEnabled ? (
          <TextField
            label="Authenticator code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={errors.code}
            hint="The 6-digit code from your authenticator app, or a recovery code."
          />
        ) : null}
      </div>
    </Dialog>
  );
}

const columns = (onRemove: (passkey: TPasskey) => void): readonly TColumn<TPasskey>[] => [
  {
    key: 'name',
    header: 'Passkey',
    isPrimary: true,
    cell: (passkey) => (
      <span className={styles.badges}>
        <span className={styles.keyLabel}>{passkey.name}</span>
        {passkey.isSynced ? <Badge tone="info">Synced</Badge> : null}
      </span>
    ),
  },
  {
    key: 'lastUsed',
    header: 'Last used',
    cell: (passkey) =>
      passkey.lastUsedAt ? (
        <time dateTime={passkey.lastUsedAt} title={formatDateTime(passkey.lastUsedAt)} className="tabular">
          {formatTimeAgo(passkey.lastUsedAt)}
        </time>
      ) : (
        <span className={styles.muted}>Never</span>
      ),
  },
  {
    key: 'created',
    header: 'Added',
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
        aria-label={`Remove ${passkey.name}`}
      >
        Remove
      </Button>
    ),
  },
];

/** The user's passkeys: a way in without a password, and a second factor. */
export function PasskeysCard({ user }: { user: TUser }) {
  const { data: passkeys, isPending, isError, refetch } = usePasskeys();
  const remove = useRemovePasskey();
  const [isAdding, setIsAdding] = useState(false);
  const [removing, setRemoving] = useState<TPasskey | undefined>();
  const isFull = (passkeys?.length ?? 0) >= PASSKEYS_PER_USER_MAX;

  return (
    <Card
      title="Passkeys"
      isFlush
      actions={
        <Button size="sm" variant="secondary" disabled={isFull} onClick={() => setIsAdding(true)}>
          Add a passkey
        </Button>
      }
    >
      <p className={styles.intro}>
        Log in with your fingerprint, face or device PIN instead of a password. With a passkey added, a log in
        with your password also asks for it (or your authenticator app's code).
      </p>
      <DataTable
        caption="Passkeys"
        columns={columns(setRemoving)}
        rows={passkeys}
        rowKey={(passkey) => passkey.id}
        isLoading={isPending}
        skeletonRows={1}
        error={
          isError ? (
            <LoadError title="Passkeys could not be loaded." onRetry={() => void refetch()} />
          ) : undefined
        }
        empty={<EmptyState icon={<IconKey size={24} />} title="No passkeys." />}
      />
      <AddPasskeyDialog user={user} isOpen={isAdding} onClose={() => setIsAdding(false)} />
      <Dialog
        isOpen={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        title={`Remove “${removing?.name ?? ''}”?`}
        description="It stops working at once. Remove it from your device's password manager too."
        testId="remove-passkey"
        footer={
          <>
            <Button variant="ghost" onClick={() => setRemoving(undefined)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              isLoading={remove.isPending}
              onClick={() => {
                if (!removing) return;
                remove.mutate(removing.id, {
                  onSuccess: ({ message }) => toast.success(message || 'Passkey removed'),
                  onSettled: () => setRemoving(undefined),
                });
              }}
            >
              Remove passkey
            </Button>
          </>
        }
      />
    </Card>
  );
}
