import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { readTokenClaims, setToken } from '../../../lib/session';
import { useAppStore } from '../../../lib/store';

interface TStartSessionInput {
  token: string;
  /** The server's success message, shown when the user is fully signed in. */
  message: string;
  /** The address used to sign in, shown on the verification screens. */
  email?: string;
}

/**
 * What a sign-in step leads to, by token type (product spec §4): a normal token is stored and
 * opens the dashboard; an e-mail token leads to e-mail verification and a two-factor token to
 * two-factor verification, each keeping the token as the store's temporary token (and the address
 * as the temporary e-mail). Every screen that ends in a token (login, Google, signup, both
 * verifications) goes through here, so the rule lives in one place.
 */
export function useStartSession() {
  const navigate = useNavigate();
  const setTempToken = useAppStore((state) => state.setTempToken);
  const setTempEmail = useAppStore((state) => state.setTempEmail);

  return useCallback(
    ({ token, message, email }: TStartSessionInput) => {
      const claims = readTokenClaims(token);
      switch (claims?.type) {
        case 'email':
          setTempToken(token);
          if (email) setTempEmail(email);
          void navigate(PATHS.emailVerification);
          return;
        case 'tfa':
          setTempToken(token);
          if (email) setTempEmail(email);
          void navigate(PATHS.tfaVerification);
          return;
        default:
          // 'normal', or a token whose claims this client cannot read: the server decides.
          setTempToken('');
          setTempEmail(null);
          setToken(token);
          toast.success(message);
          void navigate(PATHS.dashboard, { replace: true });
      }
    },
    [navigate, setTempEmail, setTempToken],
  );
}
