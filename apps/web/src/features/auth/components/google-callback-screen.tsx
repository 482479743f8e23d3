import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { IconGoogle } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { translateServerMessage, useT } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useGoogleCallback } from '../api/google-sign-in';
import { useStartSession } from '../hooks/use-start-session';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';
import { GOOGLE_LOGIN_ERROR_MESSAGE } from './google-sign-in';

/**
 * Where Google sends the browser back (/authentication/googleCallback?code=…&state=…): the code
 * and state go to the server with this browser's flow cookie, and the answer routes like any
 * sign-in (two-factor when it is on). A refusal, or the person cancelling at Google, returns to
 * the login screen with a toast. Either way this address leaves the history.
 */
export function GoogleCallbackScreen() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code') ?? '';
  const state = searchParams.get('state') ?? '';
  const hasAnswer = Boolean(code && state) && !searchParams.get('error');
  const query = useGoogleCallback(hasAnswer ? code : '', state);
  const startSession = useStartSession();
  const navigate = useNavigate();
  const t = useT();
  // Strict mode runs effects twice in development; the outcome is acted on once.
  const hasFinishedRef = useRef(false);

  useEffect(() => {
    if (hasFinishedRef.current) return;
    if (query.data) {
      hasFinishedRef.current = true;
      startSession({ token: query.data.data.token, message: query.data.message });
      return;
    }
    if (hasAnswer && !query.isError) return;
    hasFinishedRef.current = true;
    const message = query.error instanceof ApiError ? query.error.message : GOOGLE_LOGIN_ERROR_MESSAGE;
    toast.error(translateServerMessage(message), { id: 'google-login-error' });
    void navigate(PATHS.login, { replace: true });
  }, [query.data, query.isError, query.error, hasAnswer, startSession, navigate]);

  return (
    <AuthCard icon={<IconGoogle size={22} />} title={t('google.callback.title')}>
      <div className={styles.status} role="status" aria-live="polite">
        <Spinner size={24} />
        <p>{t('google.callback.checking')}</p>
      </div>
    </AuthCard>
  );
}
