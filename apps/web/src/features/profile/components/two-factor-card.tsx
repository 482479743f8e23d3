import { type TTfaGenerateData, ZTfaActivateRequest, ZTfaDeactivateRequest } from '@td/contracts/auth';
import type { TUser } from '@td/contracts/profile';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Callout } from '../../../components/callout';
import { Card } from '../../../components/card';
import { Checkbox } from '../../../components/checkbox';
import { CopyButton } from '../../../components/copy-button';
import { IconDownload, IconShieldCheck } from '../../../components/icons';
import { OtpField } from '../../../components/otp-field';
import { PasswordField, TextField } from '../../../components/text-field';
import { downloadTextFile } from '../../../lib/download';
import { serverFieldErrors, type TFieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { useAppName } from '../../../lib/settings';
import { useCodeField } from '../../../lib/use-code-field';
import { useActivateTfa } from '../api/activate-tfa';
import { useDeactivateTfa } from '../api/deactivate-tfa';
import { useGenerateTfa } from '../api/generate-tfa';
import styles from './two-factor-card.module.css';

export const RECOVERY_CODES_FILE_NAME = 'trading-desk-recovery-codes.txt';

/** 'JBSWY3DPEHPK3PXP' → 'JBSW Y3DP EHPK 3PXP': easier to type into an app by hand. */
function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

function recoveryCodesText(appName: string, email: string, codes: readonly string[]): string {
  return [
    `${appName} two-factor recovery codes`,
    `Account: ${email}`,
    `Saved: ${new Date().toISOString()}`,
    '',
    'Each code signs you in once when your authenticator app is not at hand.',
    'Keep them somewhere safe and private.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** Step 1 to 3 of turning two-factor on: scan (or type) the secret, then prove it with a code. */
function SetupPanel({
  setup,
  onActivated,
  onCancel,
}: {
  setup: TTfaGenerateData;
  onActivated: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const activate = useActivateTfa();
  const appName = useAppName();

  const entry = useCodeField({
    schema: ZTfaActivateRequest,
    isBusy: activate.isPending,
    send: (code, refuse) =>
      activate.mutate(code, {
        onSuccess: ({ data, message }) => {
          toast.success(message);
          onActivated(data.recoveryCodes);
        },
        onError: refuse,
      }),
  });

  return (
    <form className={styles.panel} onSubmit={entry.onSubmit} noValidate aria-label="Set up two-factor">
      <ol className={styles.steps}>
        <li className={styles.step}>
          <span className={styles.stepNumber}>1</span>
          <div className={styles.stepBody}>
            <p className={styles.stepTitle}>Scan the QR code</p>
            <p className={styles.stepText}>
              Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy) and
              scan this code.
            </p>
            <div className={styles.qrRow}>
              <img
                className={styles.qr}
                src={setup.qrCode}
                alt={`QR code to add ${appName} to your authenticator app`}
                width={168}
                height={168}
              />
              <div className={styles.secret}>
                <span className={styles.secretLabel}>Can’t scan? Enter this setup key</span>
                <code className={styles.secretValue}>{groupSecret(setup.secret)}</code>
                <div className={styles.secretActions}>
                  <CopyButton text={setup.secret} label="Copy key" />
                  {/* On a phone the QR code cannot be scanned by the phone itself: open the app. */}
                  <a className={styles.openApp} href={setup.otpauthUrl}>
                    Open in authenticator app
                  </a>
                </div>
              </div>
            </div>
          </div>
        </li>
        <li className={styles.step}>
          <span className={styles.stepNumber}>2</span>
          <div className={styles.stepBody}>
            <p className={styles.stepTitle}>Enter the 6-digit code from the app</p>
            <OtpField label="Authentication code" {...entry.field} disabled={activate.isPending} />
          </div>
        </li>
      </ol>
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onCancel} disabled={activate.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" isLoading={activate.isPending}>
          Turn on two-factor
        </Button>
      </div>
    </form>
  );
}

/** The recovery codes, shown once: they cannot be fetched again, so closing waits for a tick. */
function RecoveryCodesPanel({
  email,
  codes,
  onDone,
}: {
  email: string;
  codes: string[];
  onDone: () => void;
}) {
  const [hasSaved, setHasSaved] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const appName = useAppName();

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div className={styles.panel}>
      <h3 className={styles.panelTitle} ref={headingRef} tabIndex={-1}>
        Save your recovery codes
      </h3>
      <Callout tone="warning">
        If you lose your phone, each of these codes lets you log in once. This is the only time we show them.
      </Callout>
      <ol className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} className={styles.code}>
            {code}
          </li>
        ))}
      </ol>
      <div className={styles.codeActions}>
        <CopyButton text={codes.join('\n')} label="Copy all" size="md" />
        <Button
          icon={<IconDownload size={14} />}
          onClick={() => downloadTextFile(RECOVERY_CODES_FILE_NAME, recoveryCodesText(appName, email, codes))}
        >
          Download .txt
        </Button>
      </div>
      <Checkbox checked={hasSaved} onChange={(event) => setHasSaved(event.target.checked)}>
        I saved them somewhere safe
      </Checkbox>
      <div className={styles.actions}>
        <Button variant="primary" onClick={onDone} disabled={!hasSaved}>
          Done
        </Button>
      </div>
    </div>
  );
}

type TDisableField = 'password' | 'code';

/** Turning off takes the current password and a code: an open session alone is not enough. */
function DisablePanel({ user, onDone }: { user: TUser; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<TFieldErrors<TDisableField>>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const deactivate = useDeactivateTfa();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZTfaDeactivateRequest.safeParse({ password, code });
    if (!parsed.success) {
      const found = zodFieldErrors<TDisableField>(parsed.error);
      setErrors(found);
      (found.password ? passwordRef : codeRef).current?.focus();
      return;
    }
    setErrors({});
    deactivate.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        toast.success(message);
        onDone();
      },
      onError: (error) => setErrors(serverFieldErrors<TDisableField>(error)),
    });
  };

  if (!user.hasPassword) {
    return (
      <div className={styles.panel}>
        <Callout title="Set a password first">
          Turning two-factor off needs your password, and your account has none yet: log out and use ‘Forgot
          password?’ on the login screen to choose one.
        </Callout>
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onDone}>
            Back
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form className={styles.panel} onSubmit={onSubmit} noValidate aria-label="Turn off two-factor">
      <Callout tone="warning" title="Your account will be easier to take over">
        Without two-factor, your password alone opens your account and its withdrawals. Every other device is
        signed out.
      </Callout>
      {/* Lets password managers tie the password to the right account. */}
      <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
      <PasswordField
        ref={passwordRef}
        label="Current password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          if (errors.password) setErrors((current) => ({ ...current, password: undefined }));
        }}
        error={errors.password}
        autoFocus
        required
      />
      <TextField
        ref={codeRef}
        label="Code from your authenticator app, or a recovery code"
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="123456"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          if (errors.code) setErrors((current) => ({ ...current, code: undefined }));
        }}
        error={errors.code}
      />
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onDone} disabled={deactivate.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" isLoading={deactivate.isPending}>
          Turn off two-factor
        </Button>
      </div>
    </form>
  );
}

type TView =
  | { name: 'status' }
  | { name: 'setup'; setup: TTfaGenerateData }
  | { name: 'codes'; codes: string[] }
  | { name: 'disable' };

export function TwoFactorCard({ user }: { user: TUser }) {
  const [view, setView] = useState<TView>({ name: 'status' });
  const generate = useGenerateTfa();
  // The panels (setup, codes, disable) stay up across the profile refetch that flips tfaEnabled.
  const isOn = user.tfaEnabled;

  const onEnable = () => {
    generate.mutate(undefined, { onSuccess: ({ data }) => setView({ name: 'setup', setup: data }) });
  };

  return (
    <Card
      title="Two-factor authentication"
      actions={
        isOn ? (
          <Badge tone="positive" icon={<IconShieldCheck size={12} />}>
            On
          </Badge>
        ) : (
          <Badge tone="neutral">Off</Badge>
        )
      }
    >
      <div className={styles.content}>
        {view.name === 'codes' ? (
          <RecoveryCodesPanel
            email={user.email}
            codes={view.codes}
            onDone={() => setView({ name: 'status' })}
          />
        ) : view.name === 'setup' ? (
          <SetupPanel
            setup={view.setup}
            onActivated={(codes) => setView({ name: 'codes', codes })}
            onCancel={() => setView({ name: 'status' })}
          />
        ) : view.name === 'disable' ? (
          <DisablePanel user={user} onDone={() => setView({ name: 'status' })} />
        ) : (
          <div className={styles.status}>
            <p className={styles.statusText}>
              {isOn
                ? 'Every log in asks for a code from your authenticator app as well as your password.'
                : 'Protect your account with a second step at log in: a 6-digit code from an authenticator app on your phone.'}
            </p>
            {isOn ? (
              <Button variant="secondary" onClick={() => setView({ name: 'disable' })}>
                Disable
              </Button>
            ) : (
              <Button variant="primary" onClick={onEnable} isLoading={generate.isPending}>
                Enable
              </Button>
            )}
          </div>
        )}
      </div>
    </Card>
  );
}
