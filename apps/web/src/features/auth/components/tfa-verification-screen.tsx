import { ZTfaVerifyRequest } from '@td/contracts/auth';
import type { TSecondFactorMethods } from '@td/contracts/passkeys';
import { type ReactNode, useId, useRef, useState } from 'react';
import { IconLock, IconSmartphone } from '../../../components/app-icons';
import { Button } from '../../../components/button';
import { IconKey, IconShieldCheck } from '../../../components/icons';
import { OtpField } from '../../../components/otp-field';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../lib/i18n';
import { useAppStore } from '../../../lib/store';
import { usePasskeySecondFactor, useSecondFactorMethods } from '../api/passkeys';
import { useVerifyTfa } from '../api/verify-tfa';
import { useSessionCodeField, useStartSession } from '../hooks/use-start-session';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';
import { BackToLogin } from './back-to-login';
import { withAddress } from './code-sent';
import { canUsePasskeys, onPasskeyError, PasskeyButton } from './passkey-button';
import { TempTokenStep } from './temp-token-step';

/** A way to finish the sign-in's second step. */
type TMethod = 'passkey' | 'app' | 'recovery';

/**
 * The ways this sign-in can be finished here, the one to offer first at the head: the passkey (one
 * touch, where the device or a phone nearby holds it), then the app's code, then a recovery code.
 * Unknown (the list could not be fetched): the app's code and a recovery code, as before passkeys.
 */
export function methodsToOffer(methods: TSecondFactorMethods | undefined, hasWebAuthn: boolean): TMethod[] {
  if (!methods) return ['app', 'recovery'];
  const offered: TMethod[] = [];
  if (methods.passkey && hasWebAuthn) offered.push('passkey');
  if (methods.authenticatorApp) offered.push('app');
  if (methods.recoveryCode) offered.push('recovery');
  if (offered.length > 0) return offered;
  return methods.passkey ? ['passkey'] : ['app'];
}

const WAY_ICON: Record<TMethod, ReactNode> = {
  passkey: <IconKey size={18} />,
  app: <IconSmartphone size={18} />,
  recovery: <IconLock size={18} />,
};

function TfaForm({ tempToken }: { tempToken: string }) {
  const methods = useSecondFactorMethods(tempToken);
  const t = useT();
  if (methods.isPending) {
    return (
      <AuthCard
        icon={<IconShieldCheck size={22} />}
        title={t('tfa.title')}
        footer={<BackToLogin prompt={t('tfa.notYou')} />}
      >
        <div className={styles.status}>
          <Spinner size={24} label={t('tfa.loading')} />
        </div>
      </AuthCard>
    );
  }
  return <SecondStep tempToken={tempToken} offered={methodsToOffer(methods.data, canUsePasskeys())} />;
}

/**
 * The second step: the first way offered, and "Use another way" listing the others (as the big
 * identity providers do), so a device without the passkey still signs in with the app's code or a
 * recovery code.
 */
function SecondStep({ tempToken, offered }: { tempToken: string; offered: TMethod[] }) {
  const tempEmail = useAppStore((state) => state.tempEmail);
  const [method, setMethod] = useState<TMethod>(offered[0] ?? 'app');
  const [isChoosing, setIsChoosing] = useState(false);
  const verify = useVerifyTfa();
  const passkey = usePasskeySecondFactor();
  const startSession = useStartSession();
  // One field at a time (the app's code or a recovery code), so one ref serves both.
  const entry = useSessionCodeField(ZTfaVerifyRequest, verify, tempToken);
  const passkeyRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const t = useT();
  const others = offered.filter((one) => one !== method);

  const choose = (next: TMethod) => {
    setMethod(next);
    setIsChoosing(false);
    entry.reset();
    // The chosen way takes the focus once it is drawn (its field, or the passkey's button).
    window.requestAnimationFrame(() =>
      (next === 'passkey' ? passkeyRef.current : entry.field.ref.current)?.focus(),
    );
  };

  const subtitle =
    method === 'passkey'
      ? t('tfa.passkeySubtitle')
      : method === 'recovery'
        ? t('tfa.recoverySubtitle')
        : tempEmail
          ? withAddress('tfa.appSubtitleFor', tempEmail)
          : t('tfa.appSubtitle');

  return (
    <AuthCard
      icon={<IconShieldCheck size={22} />}
      title={t('tfa.title')}
      subtitle={subtitle}
      footer={<BackToLogin prompt={t('tfa.notYou')} />}
    >
      {method === 'passkey' ? (
        <>
          <PasskeyButton
            ref={passkeyRef}
            label={t('tfa.passkeyOnly')}
            variant="primary"
            isLoading={passkey.isPending}
            onClick={() =>
              passkey.mutate(tempToken, {
                onSuccess: ({ data, message }) => startSession({ token: data.token, message }),
                onError: onPasskeyError,
              })
            }
          />
          <p className={styles.hint}>{t('tfa.passkeyElsewhere')}</p>
        </>
      ) : (
        <form className={styles.form} onSubmit={entry.onSubmit} noValidate>
          {method === 'app' ? (
            <OtpField label={t('tfa.code')} {...entry.field} disabled={verify.isPending} autoFocus />
          ) : (
            <TextField
              {...entry.textField}
              label={t('tfa.recoveryCode')}
              name="recoveryCode"
              placeholder="xxxxx-xxxxx"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              hint={t('tfa.recoveryHint')}
            />
          )}
          <Button type="submit" variant="primary" size="lg" isFullWidth isLoading={verify.isPending}>
            {t('tfa.submit')}
          </Button>
        </form>
      )}
      {others.length > 0 ? (
        <>
          <button
            type="button"
            className={styles.linkButton}
            aria-expanded={isChoosing}
            aria-controls={listId}
            onClick={() => setIsChoosing((open) => !open)}
          >
            {t('tfa.anotherWay')}
          </button>
          {isChoosing ? (
            <ul id={listId} className={styles.ways} aria-label={t('tfa.otherWays')}>
              {others.map((way) => (
                <li key={way}>
                  <Button
                    variant="secondary"
                    size="lg"
                    isFullWidth
                    icon={WAY_ICON[way]}
                    onClick={() => choose(way)}
                  >
                    {t(WAY_LABEL[way])}
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </AuthCard>
  );
}

const WAY_LABEL = {
  passkey: 'tfa.wayPasskey',
  app: 'tfa.wayApp',
  recovery: 'tfa.wayRecovery',
} as const satisfies Record<TMethod, string>;

export function TfaVerificationScreen() {
  const t = useT();
  return (
    <TempTokenStep
      type="tfa"
      icon={<IconShieldCheck size={22} />}
      title={t('tfa.title')}
      expired={t('tfa.expired')}
      missing={t('tfa.missing')}
      howTo={t('tfa.howTo')}
    >
      {(tempToken) => <TfaForm tempToken={tempToken} />}
    </TempTokenStep>
  );
}
