// The security screen's two-factor card: turning it on (scan or type the secret, prove the owner,
// then a code from the app), the recovery codes shown once to copy or download, and turning it off,
// which takes the current password and a code.
import { type TTfaGenerateData, ZTfaActivateRequest, ZTfaDeactivateRequest } from '@td/contracts/auth';
import type { TUser } from '@td/contracts/profile';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { IconDownload } from '../../../components/app-icons';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Callout } from '../../../components/callout';
import { Card } from '../../../components/card';
import { Checkbox } from '../../../components/checkbox';
import { CopyButton } from '../../../components/copy-button';
import { FormActions } from '../../../components/form-actions';
import { IconShieldCheck } from '../../../components/icons';
import { OtpField } from '../../../components/otp-field';
import { downloadTextFile } from '../../../lib/download';
import { hasFieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { t, useT } from '../../../lib/i18n';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useAppName } from '../../../lib/settings';
import { useCodeField } from '../../../lib/use-code-field';
import { useForm } from '../../../lib/use-form';
import { useActivateTfa } from '../api/activate-tfa';
import { useDeactivateTfa } from '../api/deactivate-tfa';
import { useGenerateTfa } from '../api/generate-tfa';
import {
  AuthenticatorCodeField,
  CurrentPasswordField,
  ProofFields,
  type TProofField,
  useProof,
} from './proof-fields';
import styles from './two-factor-card.module.css';

export const RECOVERY_CODES_FILE_NAME = 'trading-desk-recovery-codes.txt';

/** 'JBSWY3DPEHPK3PXP' → 'JBSW Y3DP EHPK 3PXP': easier to type into an app by hand. */
function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

function recoveryCodesText(appName: string, email: string, codes: readonly string[]): string {
  return [
    t('security.tfa.file.title', { app: appName }),
    t('security.tfa.file.account', { email }),
    t('security.tfa.file.saved', { time: new Date().toISOString() }),
    '',
    t('security.tfa.file.use'),
    t('security.tfa.file.keep'),
    '',
    ...codes,
    '',
  ].join('\n');
}

/** One numbered step of the setup: what to do, how, and its fields. */
function SetupStep({
  number,
  title,
  text,
  children,
}: {
  number: number;
  title: string;
  text?: string;
  children: ReactNode;
}) {
  return (
    <li className={styles.step}>
      <span className={styles.stepNumber}>{number}</span>
      <div className={styles.stepBody}>
        <p className={styles.stepTitle}>{title}</p>
        {text ? <p className={styles.stepText}>{text}</p> : null}
        {children}
      </div>
    </li>
  );
}

/**
 * Turning two-factor on: scan (or type) the secret, confirm it is the owner (the password, or an
 * e-mailed code for an account without one), then prove the app with its code.
 */
function SetupPanel({
  user,
  setup,
  onActivated,
  onCancel,
}: {
  user: TUser;
  setup: TTfaGenerateData;
  onActivated: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const activate = useActivateTfa();
  const appName = useAppName();
  const proof = useProof(user, false);

  const entry = useCodeField({
    schema: ZTfaActivateRequest,
    isBusy: activate.isPending,
    send: (code, refuse) => {
      if (!proof.check({})) return;
      activate.mutate(
        { code, ...proof.body },
        {
          onSuccess: ({ data, message }) => {
            toast.success(message);
            onActivated(data.recoveryCodes);
          },
          onError: (error) => {
            // A refused proof goes under its field; anything else (a wrong code) under the code.
            const { code: codeError, ...others } = serverFieldErrors<TProofField | 'code'>(error);
            proof.setErrors(others);
            if (codeError || !hasFieldErrors(others)) refuse(error);
          },
        },
      );
    },
  });

  return (
    <form
      className={styles.panel}
      onSubmit={entry.onSubmit}
      noValidate
      aria-label={t('security.tfa.setup.label')}
    >
      <ol className={styles.steps}>
        <SetupStep
          number={1}
          title={t('security.tfa.setup.scanTitle')}
          text={t('security.tfa.setup.scanText')}
        >
          <div className={styles.qrRow}>
            <img
              className={styles.qr}
              src={setup.qrCode}
              alt={t('security.tfa.setup.qrAlt', { app: appName })}
              width={168}
              height={168}
            />
            <div className={styles.secret}>
              <span className={styles.secretLabel}>{t('security.tfa.setup.keyLabel')}</span>
              <code className={styles.secretValue}>{groupSecret(setup.secret)}</code>
              <div className={styles.secretActions}>
                <CopyButton text={setup.secret} label={t('security.tfa.setup.copyKey')} />
                {/* On a phone the QR code cannot be scanned by the phone itself: open the app. */}
                <a className={styles.openApp} href={setup.otpauthUrl}>
                  {t('security.tfa.setup.openApp')}
                </a>
              </div>
            </div>
          </div>
        </SetupStep>
        <SetupStep
          number={2}
          title={t('security.tfa.setup.proofTitle')}
          text={t('security.tfa.setup.proofText')}
        >
          <ProofFields {...proof.fields} />
        </SetupStep>
        <SetupStep number={3} title={t('security.tfa.setup.codeTitle')}>
          <OtpField label={t('security.tfa.setup.code')} {...entry.field} disabled={activate.isPending} />
        </SetupStep>
      </ol>
      <div className={styles.actions}>
        <FormActions
          onCancel={onCancel}
          submitLabel={t('security.tfa.turnOn')}
          isPending={activate.isPending}
          isCancelHeld
        />
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
  const t = useT();
  const [hasSaved, setHasSaved] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const appName = useAppName();

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div className={styles.panel}>
      <h3 className={styles.panelTitle} ref={headingRef} tabIndex={-1}>
        {t('security.tfa.codes.title')}
      </h3>
      <Callout tone="warning">{t('security.tfa.codes.warning')}</Callout>
      <ol className={styles.codes} aria-label={t('security.tfa.codes.label')}>
        {codes.map((code) => (
          <li key={code} className={styles.code}>
            {code}
          </li>
        ))}
      </ol>
      <div className={styles.codeActions}>
        <CopyButton text={codes.join('\n')} label={t('security.tfa.codes.copyAll')} size="md" />
        <Button
          icon={<IconDownload size={14} />}
          onClick={() => downloadTextFile(RECOVERY_CODES_FILE_NAME, recoveryCodesText(appName, email, codes))}
        >
          {t('security.tfa.codes.download')}
        </Button>
      </div>
      <Checkbox checked={hasSaved} onChange={(event) => setHasSaved(event.target.checked)}>
        {t('security.tfa.codes.saved')}
      </Checkbox>
      <div className={styles.actions}>
        <Button variant="primary" onClick={onDone} disabled={!hasSaved}>
          {t('common.done')}
        </Button>
      </div>
    </div>
  );
}

const DISABLE_FIELDS = ['password', 'code'] as const;
type TDisableValues = Record<(typeof DISABLE_FIELDS)[number], string>;

function validateDisable(values: TDisableValues) {
  const parsed = ZTfaDeactivateRequest.safeParse(values);
  return {
    errors: parsed.success ? {} : zodFieldErrors<keyof TDisableValues>(parsed.error),
    request: parsed.success ? parsed.data : null,
  };
}

/** Turning off takes the current password and a code: an open session alone is not enough. */
function DisablePanel({ user, onDone }: { user: TUser; onDone: () => void }) {
  const t = useT();
  const { textField, handleSubmit, showServerErrors } = useForm({
    fields: DISABLE_FIELDS,
    initial: { password: '', code: '' },
    validate: validateDisable,
  });
  const deactivate = useDeactivateTfa();

  const onSubmit = handleSubmit((request) =>
    deactivate.mutate(request, {
      onSuccess: ({ message }) => {
        toast.success(message);
        onDone();
      },
      onError: (error) => showServerErrors(error),
    }),
  );

  if (!user.hasPassword) {
    return (
      <div className={styles.panel}>
        <Callout title={t('security.tfa.off.noPasswordTitle')}>
          {t('security.tfa.off.noPasswordText')}
        </Callout>
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onDone}>
            {t('common.back')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form className={styles.panel} onSubmit={onSubmit} noValidate aria-label={t('security.tfa.turnOff')}>
      <Callout tone="warning" title={t('security.tfa.off.warningTitle')}>
        {t('security.tfa.off.warningText')}
      </Callout>
      <CurrentPasswordField email={user.email} {...textField('password')} autoFocus required />
      <AuthenticatorCodeField {...textField('code')} label={t('security.tfa.off.code')} />
      <div className={styles.actions}>
        <FormActions
          onCancel={onDone}
          submitLabel={t('security.tfa.turnOff')}
          isPending={deactivate.isPending}
          variant="danger"
          isCancelHeld
        />
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
  const t = useT();
  const [view, setView] = useState<TView>({ name: 'status' });
  const generate = useGenerateTfa();
  // The panels (setup, codes, disable) stay up across the profile refetch that flips tfaEnabled.
  const isOn = user.tfaEnabled;

  const onEnable = () => {
    generate.mutate(undefined, { onSuccess: ({ data }) => setView({ name: 'setup', setup: data }) });
  };

  return (
    <Card
      title={t('security.tfa.title')}
      actions={
        isOn ? (
          <Badge tone="positive" icon={<IconShieldCheck size={12} />}>
            {t('security.status.on')}
          </Badge>
        ) : (
          <Badge tone="neutral">{t('security.status.off')}</Badge>
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
            user={user}
            setup={view.setup}
            onActivated={(codes) => setView({ name: 'codes', codes })}
            onCancel={() => setView({ name: 'status' })}
          />
        ) : view.name === 'disable' ? (
          <DisablePanel user={user} onDone={() => setView({ name: 'status' })} />
        ) : (
          <div className={styles.status}>
            <p className={styles.statusText}>{isOn ? t('security.tfa.onText') : t('security.tfa.offText')}</p>
            {isOn ? (
              <Button variant="secondary" onClick={() => setView({ name: 'disable' })}>
                {t('security.tfa.disable')}
              </Button>
            ) : (
              <Button variant="primary" onClick={onEnable} isLoading={generate.isPending}>
                {t('security.tfa.enable')}
              </Button>
            )}
          </div>
        )}
      </div>
    </Card>
  );
}
