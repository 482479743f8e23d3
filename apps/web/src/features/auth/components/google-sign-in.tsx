import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';
import toast from 'react-hot-toast';
import { Spinner } from '../../../components/spinner';
import { translateServerMessage, useLanguage, useT } from '../../../lib/i18n';
import { useSettings } from '../../../lib/settings';
import { useGoogleNonce, useGoogleSignIn } from '../api/google-sign-in';
import { useStartSession } from '../hooks/use-start-session';
import styles from './auth-form.module.css';

/** Shown when Google itself reports a failure (the server's failures carry their own message). */
export const GOOGLE_LOGIN_ERROR_MESSAGE = 'Google sign-in failed. Please try again.';
/** Google draws its button 200 to 400 px wide: this fits the narrowest login card. */
const GOOGLE_BUTTON_WIDTH_PX = 320;

function GoogleSignInButton() {
  const nonce = useGoogleNonce();
  const googleSignIn = useGoogleSignIn();
  const startSession = useStartSession();
  const language = useLanguage();
  const t = useT();
  if (nonce.isError) return null;

  // Google Identity Services hands the page an ID token made for our client id, carrying the nonce
  // the server bound to this browser; the server checks both and answers with our own token,
  // which routes like any sign-in. A nonce serves one attempt: a new one is fetched after each.
  const onCredential = (credential: string | undefined) => {
    if (!credential) {
      toast.error(translateServerMessage(GOOGLE_LOGIN_ERROR_MESSAGE), { id: 'google-login-error' });
      void nonce.refetch();
      return;
    }
    googleSignIn.mutate(
      { credential },
      {
        onSuccess: ({ data, message }) => startSession({ token: data.token, message }),
        onSettled: () => void nonce.refetch(),
      },
    );
  };

  return (
    <>
      <div className={styles.divider}>{t('google.or')}</div>
      <div className={styles.googleButton}>
        {nonce.data && !googleSignIn.isPending ? (
          // Keyed by the nonce: Google's button is set up once per nonce.
          <GoogleLogin
            key={nonce.data}
            nonce={nonce.data}
            onSuccess={({ credential }) => onCredential(credential)}
            onError={() =>
              toast.error(translateServerMessage(GOOGLE_LOGIN_ERROR_MESSAGE), { id: 'google-login-error' })
            }
            // 'Continue with Google' fits both login and signup.
            text="continue_with"
            locale={language}
            size="large"
            shape="rectangular"
            width={GOOGLE_BUTTON_WIDTH_PX}
          />
        ) : (
          <Spinner size={20} />
        )}
      </div>
    </>
  );
}

/**
 * Google sign-in, only when the server has a Google client configured (GET /settings/general →
 * googleClientId). The provider, which loads Google's script, is mounted only then: without a
 * client id no request leaves for Google.
 */
export function GoogleSignIn() {
  const clientId = useSettings('general').googleClientId;
  if (!clientId) return null;
  return (
    <GoogleOAuthProvider clientId={clientId}>
      <GoogleSignInButton />
    </GoogleOAuthProvider>
  );
}
