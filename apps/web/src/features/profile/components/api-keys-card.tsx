// The security screen's API keys card: the keys programs sign their requests with (scopes, allowed
// addresses, last use), creating one after a proof of who asks, with its key and secret shown once
// to copy, and revoking one.
import {
  API_KEY_LABEL_MAX,
  API_KEYS_PER_USER_MAX,
  type TApiKey,
  type TApiKeyScope,
  type TCreatedApiKey,
  ZCreateApiKeyRequest,
} from '@td/contracts/api-keys';
import type { TUser } from '@td/contracts/profile';
import { useState } from 'react';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Callout } from '../../../components/callout';
import { Checkbox } from '../../../components/checkbox';
import { CopyButton } from '../../../components/copy-button';
import type { TColumn } from '../../../components/data-table';
import { Dialog } from '../../../components/dialog';
import { TextAreaField } from '../../../components/text-field';
import { zodFieldErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { t, tRich, useT } from '../../../lib/i18n';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { AddCredentialDialog } from './add-credential-dialog';
import { CredentialsCard, createdColumn, lastUsedColumn, removeColumn } from './credentials-card';
import styles from './credentials-card.module.css';
import { useProof } from './proof-fields';

const SCOPE_LABEL_KEY = {
  read: 'security.apiKeys.scope.read',
  trade: 'security.apiKeys.scope.trade',
} as const satisfies Record<TApiKeyScope, string>;
const SCOPE_HINT_KEY = {
  read: 'security.apiKeys.scope.readHint',
  trade: 'security.apiKeys.scope.tradeHint',
} as const satisfies Record<TApiKeyScope, string>;

type TField = 'label' | 'scopes' | 'allowedIps';

/** Addresses as typed: one per line, or separated by commas or spaces. */
const addressesOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** One value of the new key, shown once: its name, the value to copy, and the copy button. */
function Revealed({
  term,
  value,
  copyLabel,
  testId,
}: Record<'term' | 'value' | 'copyLabel' | 'testId', string>) {
  return (
    <>
      <dt className={styles.revealTerm}>{term}</dt>
      <dd className={styles.revealValue}>
        <code className={styles.secret} data-testid={testId}>
          {value}
        </code>
        <CopyButton text={value} label={copyLabel} isIconOnly />
      </dd>
    </>
  );
}

function CreateKeyDialog({ user, isOpen, onClose }: { user: TUser; isOpen: boolean; onClose: () => void }) {
  const t = useT();
  const create = useCreateApiKey();
  const [label, setLabel] = useState('');
  const [scopes, setScopes] = useState<TApiKeyScope[]>(['read']);
  const [addresses, setAddresses] = useState('');
  const proof = useProof<TField>(user);
  const [created, setCreated] = useState<TCreatedApiKey | undefined>();
  const { errors } = proof;

  const close = () => {
    setLabel('');
    setScopes(['read']);
    setAddresses('');
    proof.reset();
    setCreated(undefined);
    onClose();
  };
  const toggle = (scope: TApiKeyScope, isOn: boolean) =>
    setScopes((current) => (isOn ? [...current, scope] : current.filter((each) => each !== scope)));

  const submit = () => {
    const parsed = ZCreateApiKeyRequest.safeParse({
      label,
      scopes,
      allowedIps: addressesOf(addresses),
      ...proof.body,
    });
    const isValid = proof.check(parsed.success ? {} : zodFieldErrors<TField>(parsed.error));
    if (!isValid || !parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: ({ data }) => setCreated(data),
      onError: (failure) => proof.setErrors(serverFieldErrors(failure)),
    });
  };

  if (created) {
    return (
      <Dialog
        isOpen={isOpen}
        onClose={close}
        title={t('security.apiKeys.created.title')}
        testId="api-key-created"
        footer={
          <Button variant="primary" onClick={close}>
            {t('security.apiKeys.created.confirm')}
          </Button>
        }
      >
        <Callout tone="warning" role="status">
          {t('security.apiKeys.created.warning')}
        </Callout>
        <dl className={styles.reveal}>
          <Revealed
            term={t('security.apiKeys.created.key')}
            value={created.keyId}
            copyLabel={t('security.apiKeys.created.copyKey')}
            testId="api-key-id"
          />
          <Revealed
            term={t('security.apiKeys.created.secret')}
            value={created.secret}
            copyLabel={t('security.apiKeys.created.copySecret')}
            testId="api-key-secret"
          />
        </dl>
      </Dialog>
    );
  }

  return (
    <AddCredentialDialog
      isOpen={isOpen}
      onClose={close}
      title={t('security.apiKeys.create.title')}
      description={t('security.apiKeys.create.description')}
      onSubmit={submit}
      testId="create-api-key"
      submitLabel={t('security.apiKeys.create.submit')}
      isPending={create.isPending}
      nameField={{
        label: t('security.apiKeys.create.label'),
        name: 'label',
        placeholder: t('security.apiKeys.create.labelPlaceholder'),
        max: API_KEY_LABEL_MAX,
        value: label,
        onChange: setLabel,
        error: errors.label,
      }}
      proofIntro={t('security.apiKeys.create.proof')}
      proof={proof}
    >
      <fieldset
        className={styles.scopes}
        aria-describedby={errors.scopes ? 'api-key-scopes-error' : undefined}
      >
        <legend className={styles.legend}>{t('security.apiKeys.scopes')}</legend>
        {(['read', 'trade'] as const).map((scope) => (
          <Checkbox
            key={scope}
            checked={scopes.includes(scope)}
            onChange={(event) => toggle(scope, event.target.checked)}
          >
            <span className={styles.scopeName}>{t(SCOPE_LABEL_KEY[scope])}</span>
            <span className={styles.scopeHint}>{t(SCOPE_HINT_KEY[scope])}</span>
          </Checkbox>
        ))}
        {errors.scopes ? (
          <p id="api-key-scopes-error" className={styles.error} role="alert">
            {errors.scopes}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        label={t('security.apiKeys.create.ips')}
        name="allowedIps"
        rows={3}
        spellCheck={false}
        placeholder={'203.0.113.7\n198.51.100.0/24'}
        value={addresses}
        onChange={(event) => setAddresses(event.target.value)}
        error={errors.allowedIps}
        hint={t('security.apiKeys.create.ipsHint')}
      />
    </AddCredentialDialog>
  );
}

const columns = (onRevoke: (key: TApiKey) => void): readonly TColumn<TApiKey>[] => [
  {
    key: 'label',
    header: t('security.apiKeys.key'),
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
    header: t('security.apiKeys.scopes'),
    cell: (key) => (
      <span className={styles.badges}>
        {key.scopes.map((scope) => (
          <Badge key={scope} tone={scope === 'trade' ? 'warning' : 'info'}>
            {t(SCOPE_LABEL_KEY[scope])}
          </Badge>
        ))}
      </span>
    ),
  },
  {
    key: 'ips',
    header: t('security.apiKeys.allowedFrom'),
    cell: (key) =>
      key.allowedIps.length === 0 ? (
        <span className={styles.muted}>{t('security.apiKeys.anyAddress')}</span>
      ) : (
        <span className="mono">{key.allowedIps.join(', ')}</span>
      ),
  },
  lastUsedColumn((key, lastUsedAt) =>
    t('security.apiKeys.lastUsedFrom', { time: formatDateTime(lastUsedAt), ip: key.lastUsedIp ?? '' }),
  ),
  createdColumn(t('security.apiKeys.createdAt')),
  removeColumn(
    t('security.apiKeys.revoke'),
    (key) => t('security.apiKeys.revokeLabel', { label: key.label }),
    onRevoke,
  ),
];

/** Keys programs sign their requests with: created with a secret shown once, revoked at once. */
export function ApiKeysCard({ user }: { user: TUser }) {
  const t = useT();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const isFull = (keys.data?.length ?? 0) >= API_KEYS_PER_USER_MAX;

  return (
    <CredentialsCard
      title={t('security.apiKeys.title')}
      addLabel={t('security.apiKeys.createButton')}
      isFull={isFull}
      intro={
        <>
          {tRich(
            'security.apiKeys.intro',
            {},
            {
              docs: (text) => (
                <a href="/docs" className="text-link">
                  {text}
                </a>
              ),
            },
          )}
          {isFull ? ` ${t('security.apiKeys.full', { max: API_KEYS_PER_USER_MAX })}` : ''}
        </>
      }
      list={keys}
      columns={columns}
      loadError={t('security.apiKeys.loadError')}
      empty={t('security.apiKeys.empty')}
      addDialog={(dialog) => <CreateKeyDialog user={user} {...dialog} />}
      removal={{
        title: (key) => t('security.apiKeys.revokeTitle', { label: key?.label ?? '' }),
        description: t('security.apiKeys.revokeDescription'),
        confirmLabel: t('security.apiKeys.revokeKey'),
        testId: 'revoke-api-key',
        doneMessage: t('security.apiKeys.revoked'),
        mutation: revoke,
      }}
    />
  );
}
