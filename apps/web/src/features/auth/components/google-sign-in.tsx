import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { IconGoogle } from '../../../components/icons';
import { translateServerMessage, useT } from '../../../lib/i18n';
import { useSettings } from '../../../lib/settings';
import { notify } from '../../../lib/toasts';
import { GOOGLE_START_URL } from '../api/google-sign-in';
import styles from './auth-form.module.css';

/** Shown when Google sign-in fails before the server could say why. */
export const GOOGLE_LOGIN_ERROR_MESSAGE = 'Google sign-in failed, please try again';

/**
 * Google sign-in, only when the server has a Google client configured (GET /settings/general →
 * googleClientId). Google's code flow: the browser goes to the server's start address, which binds
 * the flow to this browser with a cookie and sends it on to Google; Google sends it back to the
 * callback screen. No script of Google's runs in the page.
 */
export function GoogleSignIn() {
  const clientId = useSettings('general').googleClientId;
  const [isLeaving, setIsLeaving] = useState(false);
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const hasFailed = searchParams.get('google') === 'failed';

  // The server could not start the flow (Google unreachable): it sent the browser back here.
  useEffect(() => {
    if (!hasFailed) return;
    notify.error(translateServerMessage(GOOGLE_LOGIN_ERROR_MESSAGE), { id: 'google-login-error' });
    setSearchParams({}, { replace: true });
  }, [hasFailed, setSearchParams]);

  if (!clientId) return null;
  return (
    <>
      <div className={styles.divider}>{t('google.or')}</div>
      <Button
        type="button"
        variant="secondary"
        size="lg"
        isFullWidth
        icon={<IconGoogle size={18} />}
        isLoading={isLeaving}
        onClick={() => {
          setIsLeaving(true);
          window.location.assign(GOOGLE_START_URL);
        }}
      >
        {t('google.continue')}
      </Button>
    </>
  );
}
