import {
  API_KEY_LABEL_MAX,
  API_KEYS_PER_USER_MAX,
  type TApiKey,
  type TApiKeyScope,
  type TCreatedApiKey,
  ZCreateApiKeyRequest,
} from '@td/contracts/api-keys';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Callout } from '../../../components/callout';
import { Card } from '../../../components/card';
import { Checkbox } from '../../../components/checkbox';
import { CopyButton } from '../../../components/copy-button';
import { DataTable, type TColumn } from '../../../components/data-table';
import { Dialog } from '../../../components/dialog';
import { EmptyState, LoadError } from '../../../components/empty-state';
import { IconKey } from '../../../components/icons';
import { TextAreaField, TextField } from '../../../components/text-field';
import { serverFieldErrors, type TFieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { formatDateTime, formatTimeAgo } from '../../../lib/format';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import styles from './credentials-card.module.css';

const SCOPE_LABEL: Record<TApiKeyScope, string> = { read: 'Read', trade: 'Trade' };
const SCOPE_HINT: Record<TApiKeyScope, string> = {
  read: 'Read the profile, orders and portfolio',
  trade: 'Place, change, close and cancel orders',
};

type TField = 'label' | 'scopes' | 'allowedIps';

/** Addresses as typed: one per line, or separated by commas or spaces. */
const addressesOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

function CreateKeyDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const create = useCreateApiKey();
  const [label, setLabel] = useState('');
  const [scopes, setScopes] = useState<TApiKeyScope[]>(['read']);
  const [addresses, setAddresses] = useState('');
  const [errors, setErrors] = useState<TFieldErrors<TField>>({});
  const [created, setCreated] = useState<TCreatedApiKey | undefined>();

  const close = () => {
    setLabel('');
    setScopes(['read']);
    setAddresses('');
    setErrors({});
    setCreated(undefined);
    onClose();
  };
  const toggle = (scope: TApiKeyScope, isOn: boolean) =>
    setScopes((current) => (isOn ? [...current, scope] : current.filter((each) => each !== scope)));

  const submit = () => {
    const parsed = ZCreateApiKeyRequest.safeParse({ label, scopes, allowedIps: addressesOf(addresses) });
    if (!parsed.success) {
      setErrors(zodFieldErrors<TField>(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ data }) => setCreated(data),
      onError: (failure) => setErrors(serverFieldErrors<TField>(failure)),
    });
  };

  if (created) {
    return (
      <Dialog
        isOpen={isOpen}
        onClose={close}
        title="Copy your API key"
        testId="api-key-created"
        footer={
          <Button variant="primary" onClick={close}>
            I have saved the secret
          </Button>
        }
      >
        <Callout tone="warning" role="status">
          The secret is shown only now. Keep it where your program reads it; if it is lost, revoke the key and
          create another.
        </Callout>
        <dl className={styles.reveal}>
          <dt className={styles.revealTerm}>API key</dt>
          <dd className={styles.revealValue}>
            <code className={styles.secret} data-testid="api-key-id">
              {created.keyId}
            </code>
            <CopyButton text={created.keyId} label="Copy API key" isIconOnly />
          </dd>
          <dt className={styles.revealTerm}>Secret</dt>
          <dd className={styles.revealValue}>
            <code className={styles.secret} data-testid="api-key-secret">
              {created.secret}
            </code>
            <CopyButton text={created.secret} label="Copy secret" isIconOnly />
          </dd>
        </dl>
      </Dialog>
    );
  }

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title="Create an API key"
      description="A program signs its requests with the key's secret. No key can withdraw or reach the wallet."
      onSubmit={submit}
      testId="create-api-key"
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" isLoading={create.isPending}>
            Create key
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <TextField
          label="Label"
          name="label"
          autoComplete="off"
          placeholder="e.g. Trading bot"
          maxLength={API_KEY_LABEL_MAX + 8}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          error={errors.label}
        />
        <fieldset
          className={styles.scopes}
          aria-describedby={errors.scopes ? 'api-key-scopes-error' : undefined}
        >
          <legend className={styles.legend}>Scopes</legend>
          {(['read', 'trade'] as const).map((scope) => (
            <Checkbox
              key={scope}
              checked={scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
            >
              <span className={styles.scopeName}>{SCOPE_LABEL[scope]}</span>
              <span className={styles.scopeHint}>{SCOPE_HINT[scope]}</span>
            </Checkbox>
          ))}
          {errors.scopes ? (
            <p id="api-key-scopes-error" className={styles.error} role="alert">
              {errors.scopes}
            </p>
          ) : null}
        </fieldset>
        <TextAreaField
          label="Allowed IP addresses (optional)"
          name="allowedIps"
          rows={3}
          spellCheck={false}
          placeholder={'203.0.113.7\n198.51.100.0/24'}
          value={addresses}
          onChange={(event) => setAddresses(event.target.value)}
          error={errors.allowedIps}
          hint="One per line; networks as 203.0.113.0/24. Leave empty to allow any address."
        />
      </div>
    </Dialog>
  );
}

function RevokeButton({ apiKey, onRevoke }: { apiKey: TApiKey; onRevoke: (key: TApiKey) => void }) {
  return (
    <Button
      size="sm"
      variant="ghost"
      className={styles.revoke}
      onClick={() => onRevoke(apiKey)}
      aria-label={`Revoke ${apiKey.label}`}
    >
      Revoke
    </Button>
  );
}

const columns = (onRevoke: (key: TApiKey) => void): readonly TColumn<TApiKey>[] => [
  {
    key: 'label',
    header: 'Key',
    isPrimary: true,
    cell: (key) => (
      <span className={styles.keyCell}>
        <span className={styles.keyLabel}>{key.label}</span>
        <code className={styles.keyId} title={key.keyId}>
          {key.keyId}
        </code>
      </span>
    ),
  },
  {
    key: 'scopes',
    header: 'Scopes',
    cell: (key) => (
      <span className={styles.badges}>
        {key.scopes.map((scope) => (
          <Badge key={scope} tone={scope === 'trade' ? 'warning' : 'info'}>
            {SCOPE_LABEL[scope]}
          </Badge>
        ))}
      </span>
    ),
  },
  {
    key: 'ips',
    header: 'Allowed from',
    cell: (key) =>
      key.allowedIps.length === 0 ? (
        <span className={styles.muted}>Any address</span>
      ) : (
        <span className="mono">{key.allowedIps.join(', ')}</span>
      ),
  },
  {
    key: 'lastUsed',
    header: 'Last used',
    cell: (key) =>
      key.lastUsedAt ? (
        <time
          dateTime={key.lastUsedAt}
          title={`${formatDateTime(key.lastUsedAt)} from ${key.lastUsedIp ?? ''}`}
          className="tabular"
        >
          {formatTimeAgo(key.lastUsedAt)}
        </time>
      ) : (
        <span className={styles.muted}>Never</span>
      ),
  },
  {
    key: 'created',
    header: 'Created',
    cell: (key) => (
      <time dateTime={key.createdAt} className="tabular">
        {formatDateTime(key.createdAt)}
      </time>
    ),
  },
  {
    key: 'action',
    header: '',
    align: 'end',
    cell: (key) => <RevokeButton apiKey={key} onRevoke={onRevoke} />,
  },
];

/** Keys programs sign their requests with: created with a secret shown once, revoked at once. */
export function ApiKeysCard() {
  const { data: keys, isPending, isError, refetch } = useApiKeys();
  const revoke = useRevokeApiKey();
  const [isCreating, setIsCreating] = useState(false);
  const [revoking, setRevoking] = useState<TApiKey | undefined>();
  const isFull = (keys?.length ?? 0) >= API_KEYS_PER_USER_MAX;

  return (
    <Card
      title="API keys"
      isFlush
      actions={
        <Button size="sm" variant="secondary" disabled={isFull} onClick={() => setIsCreating(true)}>
          Create API key
        </Button>
      }
    >
      <p className={styles.intro}>
        Let your own programs read your account and trade through the API, signing each request with a key's
        secret. Keys never reach the wallet. How to sign requests: the <a href="/docs">API reference</a>.
        {isFull
          ? ` You hold the most keys allowed (${API_KEYS_PER_USER_MAX}); revoke one to create another.`
          : ''}
      </p>
      <DataTable
        caption="API keys"
        columns={columns(setRevoking)}
        rows={keys}
        rowKey={(key) => key.id}
        isLoading={isPending}
        skeletonRows={1}
        error={
          isError ? (
            <LoadError title="API keys could not be loaded." onRetry={() => void refetch()} />
          ) : undefined
        }
        empty={<EmptyState icon={<IconKey size={24} />} title="No API keys." />}
      />
      <CreateKeyDialog isOpen={isCreating} onClose={() => setIsCreating(false)} />
      <Dialog
        isOpen={revoking !== undefined}
        onClose={() => setRevoking(undefined)}
        title={`Revoke “${revoking?.label ?? ''}”?`}
        description="Programs using this key are refused from the next request. This cannot be undone."
        testId="revoke-api-key"
        footer={
          <>
            <Button variant="ghost" onClick={() => setRevoking(undefined)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              isLoading={revoke.isPending}
              onClick={() => {
                if (!revoking) return;
                revoke.mutate(revoking.id, {
                  onSuccess: ({ message }) => toast.success(message || 'API key revoked'),
                  onSettled: () => setRevoking(undefined),
                });
              }}
            >
              Revoke key
            </Button>
          </>
        }
      />
    </Card>
  );
}
