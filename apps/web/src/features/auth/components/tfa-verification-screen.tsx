import { ZTfaVerifyRequest } from '@td/contracts/auth';
import { useState } from 'react';
import { Button, ButtonLink } from '../../../components/button';
import { IconShieldCheck } from '../../../components/icons';
import { OtpField } from '../../../components/otp-field';
import { TextField } from '../../../components/text-field';
import { tRich, useT } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useAppStore } from '../../../lib/store';
import { usePasskeySecondFactor, useSecondFactorMethods } from '../api/passkeys';
import { useVerifyTfa } from '../api/verify-tfa';
import { useSessionCodeField, useStartSession } from '../hooks/use-start-session';
import { useTempToken } from '../hooks/use-temp-token';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';
import { BackToLogin } from './back-to-login';
import { onPasskeyError, PasskeyButton } from './passkey-button';

type TMode = 'app' | 'recovery';

/** The account's passkey as the second factor: the only way when it has no authenticator app. */
function PasskeySecondFactor({ tempToken, isOnly }: { tempToken: string; isOnly: boolean }) {
  const passkey = usePasskeySecondFactor();
  const startSession = useStartSession();
  const t = useT();
  return (
    <PasskeyButton
      label={isOnly ? t('tfa.passkeyOnly') : t('tfa.passkeyInstead')}
      variant={isOnly ? 'primary' : 'secondary'}
      isLoading={passkey.isPending}
      onClick={() =>
        passkey.mutate(tempToken, {
          onSuccess: ({ data, message }) => startSession({ token: data.token, message }),
          onError: onPasskeyError,
        })
      }
    />
  );
}

function TfaForm({ tempToken }: { tempToken: string }) {
  const methods = useSecondFactorMethods(tempToken);
  const t = useT();
  if (methods.data && !methods.data.authenticatorApp && methods.data.passkey) {
    return (
      <AuthCard
        icon={<IconShieldCheck size={22} />}
        title={t('tfa.title')}
        subtitle={t('tfa.passkeySubtitle')}
        footer={<BackToLogin prompt={t('tfa.notYou')} />}
      >
        <PasskeySecondFactor tempToken={tempToken} isOnly />
      </AuthCard>
    );
  }
  return <CodeForm tempToken={tempToken} hasPasskey={methods.data?.passkey === true} />;
}

function CodeForm({ tempToken, hasPasskey }: { tempToken: string; hasPasskey: boolean }) {
  const tempEmail = useAppStore((state) => state.tempEmail);
  const [mode, setMode] = useState<TMode>('app');
  const verify = useVerifyTfa();
  // One field at a time (the app's code or a recovery code), so one ref serves both.
  const entry = useSessionCodeField(ZTfaVerifyRequest, verify, tempToken);
  const t = useT();

  const switchMode = () => {
    const next: TMode = mode === 'app' ? 'recovery' : 'app';
    setMode(next);
    entry.reset();
    // The new field takes the focus once it is drawn.
    window.requestAnimationFrame(() => entry.field.ref.current?.focus());
  };

  return (
    <AuthCard
      icon={<IconShieldCheck size={22} />}
      title={t('tfa.title')}
      subtitle={
        mode === 'recovery'
          ? t('tfa.recoverySubtitle')
          : tempEmail
            ? tRich(
                'tfa.appSubtitleFor',
                { email: tempEmail },
                { strong: (text) => <span className={styles.recipient}>{text}</span> },
              )
            : t('tfa.appSubtitle')
      }
      footer={<BackToLogin prompt={t('tfa.notYou')} />}
    >
      <form className={styles.form} onSubmit={entry.onSubmit} noValidate>
        {mode === 'app' ? (
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
      {hasPasskey ? <PasskeySecondFactor tempToken={tempToken} isOnly={false} /> : null}
      <button type="button" className={styles.linkButton} onClick={switchMode}>
        {mode === 'app' ? t('tfa.useRecovery') : t('tfa.useApp')}
      </button>
    </AuthCard>
  );
}

export function TfaVerificationScreen() {
  const tempToken = useTempToken('tfa');
  const t = useT();
  if (tempToken.status === 'valid') return <TfaForm tempToken={tempToken.token} />;
  return (
    <AuthCard
      icon={<IconShieldCheck size={22} />}
      title={t('tfa.title')}
      subtitle={tempToken.status === 'expired' ? t('tfa.expired') : t('tfa.missing')}
    >
      <p className={styles.note}>{t('tfa.howTo')}</p>
      <ButtonLink to={PATHS.login} variant="primary" size="lg" isFullWidth>
        {t('login.goTo')}
      </ButtonLink>
    </AuthCard>
  );
}
