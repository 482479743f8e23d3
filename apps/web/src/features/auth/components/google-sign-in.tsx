import { GoogleOAuthProvider, useGoogleLogin, useGoogleOAuth } from '@react-oauth/google';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { IconGoogle } from '../../../components/icons';
import { useGeneralSettings } from '../api/get-general-settings';
import { useGoogleSignIn } from '../api/google-sign-in';
import { useStartSession } from '../hooks/use-start-session';
import styles from './auth-form.module.css';

/** Shown when Google itself reports a failure (the server's failures carry their own message). */
export const GOOGLE_LOGIN_ERROR_MESSAGE = 'Google sign-in failed. Please try again.';

interface TGoogleSignInProps {
  /** 'Continue with Google' fits both login and signup. */
  label?: string;
}

function GoogleSignInButton({ label }: Required<TGoogleSignInProps>) {
  const { scriptLoadedSuccessfully } = useGoogleOAuth();
  const googleSignIn = useGoogleSignIn();
  const startSession = useStartSession();

  // The token flow (product spec §7): Google's popup hands an access token, the server checks it
  // with Google and answers with our own token, which routes like any sign-in.
  const openGoogle = useGoogleLogin({
    flow: 'implicit',
    onSuccess: ({ access_token: accessToken }) => {
      googleSignIn.mutate(
        { accessToken },
        { onSuccess: ({ data, message }) => startSession({ token: data.token, message }) },
      );
    },
    onError: () => {
      toast.error(GOOGLE_LOGIN_ERROR_MESSAGE, { id: 'google-login-error' });
    },
    onNonOAuthError: (error) => {
      // Closing the popup is the user's choice, not an error to report.
      if (error.type !== 'popup_closed')
        toast.error(GOOGLE_LOGIN_ERROR_MESSAGE, { id: 'google-login-error' });
    },
  });

  return (
    <>
      <div className={styles.divider}>or</div>
      <Button
        variant="secondary"
        size="lg"
        isFullWidth
        icon={<IconGoogle size={18} />}
        onClick={() => openGoogle()}
        disabled={!scriptLoadedSuccessfully}
        isLoading={googleSignIn.isPending}
      >
        {label}
      </Button>
    </>
  );
}

/**
 * Google sign-in, only when the server has a Google client configured (GET /settings/general →
 * googleClientId). The provider, which loads Google's script, is mounted only then: without a
 * client id no request leaves for Google.
 */
export function GoogleSignIn({ label = 'Continue with Google' }: TGoogleSignInProps) {
  const { data } = useGeneralSettings();
  const clientId = data?.googleClientId;
  if (!clientId) return null;
  return (
    <GoogleOAuthProvider clientId={clientId}>
      <GoogleSignInButton label={label} />
    </GoogleOAuthProvider>
  );
}
