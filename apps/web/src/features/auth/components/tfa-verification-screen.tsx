import { ZTfaVerifyRequest } from '@td/contracts/auth';
import { useState } from 'react';
import { Button, ButtonLink } from '../../../components/button';
import { IconShieldCheck } from '../../../components/icons';
import { OtpField } from '../../../components/otp-field';
import { TextField } from '../../../components/text-field';
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

const TITLE = 'Two-factor verification';

type TMode = 'app' | 'recovery';

/** The account's passkey as the second factor: the only way when it has no authenticator app. */
function PasskeySecondFactor({ tempToken, isOnly }: { tempToken: string; isOnly: boolean }) {
  const passkey = usePasskeySecondFactor();
  const startSession = useStartSession();
  return (
    <PasskeyButton
      label={isOnly ? 'Continue with your passkey' : 'Use a passkey instead'}
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
  if (methods.data && !methods.data.authenticatorApp && methods.data.passkey) {
    return (
      <AuthCard
        icon={<IconShieldCheck size={22} />}
        title={TITLE}
        subtitle="Confirm it is you with the passkey you added to this account."
        footer={<BackToLogin prompt="Not your account?" />}
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
      title={TITLE}
      subtitle={
        mode === 'app' ? (
          <>
            Enter the 6-digit code from your authenticator app
            {tempEmail ? (
              <>
                {' '}
                for <span className={styles.recipient}>{tempEmail}</span>
              </>
            ) : null}
            .
          </>
        ) : (
          'Enter one of the recovery codes you saved when you turned on two-factor. Each code works once.'
        )
      }
      footer={<BackToLogin prompt="Not your account?" />}
    >
      <form className={styles.form} onSubmit={entry.onSubmit} noValidate>
        {mode === 'app' ? (
          <OtpField label="Authentication code" {...entry.field} disabled={verify.isPending} autoFocus />
        ) : (
          <TextField
            {...entry.textField}
            label="Recovery code"
            name="recoveryCode"
            placeholder="xxxxx-xxxxx"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            hint="Letters and digits, with or without the dash."
          />
        )}
        <Button type="submit" variant="primary" size="lg" isFullWidth isLoading={verify.isPending}>
          Verify and log in
        </Button>
      </form>
      {hasPasskey ? <PasskeySecondFactor tempToken={tempToken} isOnly={false} /> : null}
      <button type="button" className={styles.linkButton} onClick={switchMode}>
        {mode === 'app' ? 'Use a recovery code instead' : 'Use your authenticator app instead'}
      </button>
    </AuthCard>
  );
}

export function TfaVerificationScreen() {
  const tempToken = useTempToken('tfa');
  if (tempToken.status === 'valid') return <TfaForm tempToken={tempToken.token} />;
  return (
    <AuthCard
      icon={<IconShieldCheck size={22} />}
      title={TITLE}
      subtitle={
        tempToken.status === 'expired'
          ? 'The time to enter your code has run out.'
          : 'Two-factor verification follows a log in with your email and password.'
      }
    >
      <p className={styles.note}>
        Log in again, then enter the 6-digit code from your authenticator app or one of your recovery codes.
      </p>
      <ButtonLink to={PATHS.login} variant="primary" size="lg" isFullWidth>
        Go to log in
      </ButtonLink>
    </AuthCard>
  );
}
