// The login screen: e-mail and password checked by the server's own rules before sending, or a
// passkey, or Google; the token it earns starts the session or the next verification step. Says
// why when the server ended the previous session, and cannot be sent until its scripts run.
import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/button';
import { Callout } from '../../../components/callout';
import { EmailField, PasswordField } from '../../../components/text-field';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { useIsRunning } from '../../../lib/browser-value';
import { type TFieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { translateServerMessage, useT } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useAppName } from '../../../lib/settings';
import { notify } from '../../../lib/toasts';
import { loadSigninRequest } from '../api/auth-contracts';
import { usePasskeySignIn } from '../api/passkeys';
import { useSignIn } from '../api/sign-in';
import type { TLoginState } from '../hooks/use-logout';
import { useStartSession } from '../hooks/use-start-session';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';
import { GoogleSignIn } from './google-sign-in';
import { onPasskeyError, PasskeyButton } from './passkey-button';

type TLoginField = 'email' | 'password';

// Sending says so if they could not load (offline); loading ahead has nothing to say.
const preloadChecks = () => void loadSigninRequest().catch(() => {});

export function LoginScreen() {
  const appName = useAppName();
  const t = useT();
  const [errors, setErrors] = useState<TFieldErrors<TLoginField>>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const signIn = useSignIn();
  const passkeySignIn = usePasskeySignIn();
  const startSession = useStartSession();
  const isRunning = useIsRunning();
  // Sent here because the server ended the session (signed out from another device, a password
  // change): say so, as the reason the user is asked to sign in.
  const isSessionEnded = (useLocation().state as TLoginState | null)?.sessionEnded === true;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The fields keep what was typed in them themselves: on the page drawn at build time, someone
    // may type before the scripts have run, and it must not be lost when they take the page over.
    const form = new FormData(event.currentTarget);
    // The server's own schema: the address is trimmed, lower-cased and, for gmail, stripped of dots.
    // Loaded with the first key or tap in the form (below), so it is there by the time of sending.
    const checks = await loadSigninRequest().catch(() => undefined);
    if (!checks) {
      notify.error(translateServerMessage(NETWORK_ERROR_MESSAGE), { id: 'login-checks' });
      return;
    }
    const parsed = checks.safeParse({
      email: form.get('email') ?? '',
      password: form.get('password') ?? '',
    });
    if (!parsed.success) {
      const found = zodFieldErrors<TLoginField>(parsed.error);
      setErrors(found);
      // Send the user to the first field to fix; nothing leaves the browser until both are valid.
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    // Failures are shown by the API client's error toast (the server's message).
    signIn.mutate(parsed.data, {
      onSuccess: ({ data, message }) =>
        startSession({ token: data.token, message, email: parsed.data.email }),
    });
  };

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle', { app: appName })}
      footer={
        <>
          {t('login.newTo', { app: appName })} <Link to={PATHS.signup}>{t('login.createAccount')}</Link>
        </>
      }
    >
      {isSessionEnded ? (
        <Callout tone="info" role="status">
          {t('login.sessionEnded')}
        </Callout>
      ) : null}
      <form
        className={styles.form}
        onSubmit={onSubmit}
        onKeyDown={preloadChecks}
        onPointerDown={preloadChecks}
        noValidate
      >
        <EmailField ref={emailRef} error={errors.email} required />
        <PasswordField
          ref={passwordRef}
          label={t('field.password')}
          name="password"
          autoComplete="current-password"
          error={errors.password}
          labelAside={
            <Link to={PATHS.forgotPassword} className={styles.aside}>
              {t('login.forgot')}
            </Link>
          }
          required
        />
        <Button
          type="submit"
          variant="primary"
          size="lg"
          isFullWidth
          isLoading={signIn.isPending}
          // The page drawn at build time is shown before its scripts run: until they do, the form
          // cannot be sent (the browser would send it itself, the password in the address).
          disabled={!isRunning}
        >
          {t('login.submit')}
        </Button>
      </form>
      <PasskeyButton
        label={t('login.passkey')}
        isLoading={passkeySignIn.isPending}
        onClick={() =>
          passkeySignIn.mutate(undefined, {
            onSuccess: ({ data, message }) => startSession({ token: data.token, message }),
            onError: onPasskeyError,
          })
        }
      />
      <GoogleSignIn />
    </AuthCard>
  );
}
