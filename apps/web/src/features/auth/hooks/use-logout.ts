import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { translateServerMessage } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { clearToken, getToken, subscribeToSessionEnd } from '../../../lib/session';
import { clearTempSession } from '../../../lib/store';
import { notify } from '../../../lib/toasts';
import { logout } from '../api/logout';

/** After logging out, the login screen follows this much later. */
export const LOGOUT_REDIRECT_DELAY_MS = 1000;
export const LOGOUT_SUCCESS_MESSAGE = 'Logout successful';

/**
 * Why this tab's session is over: the user logged out here, or the server refused the session
 * (signed out from another device, a password change, two-factor turned off, expiry).
 */
export type TSessionEndReason = 'logout' | 'ended';

/** What the login screen is sent with after a session ended elsewhere, so it says why. */
export interface TLoginState {
  sessionEnded?: boolean;
}

/**
 * Ends the session in this tab. On `logout`, asks the server to revoke it (POST /auth/logout, best
 * effort and silent), says so, and goes to the login screen a second later; on `ended`, the server
 * has already let it go, so the login screen follows at once and says why. Either way the token,
 * the stream, every cached query and the store's temporary values are cleared, the token first,
 * which also stops the profile query (it runs only while a token is stored) from asking again.
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useCallback(
    (reason: TSessionEndReason) => {
      const token = getToken();
      if (token && reason === 'logout') {
        logout(token).catch(() => {
          // The session expires on its own; the user is logged out on this device either way.
        });
      }
      clearToken();
      // Loaded on demand: the stream client stays out of the layout's chunk until a screen uses it.
      void import('../../../lib/socket').then(({ disconnectStream }) => disconnectStream());
      clearTempSession();
      if (reason === 'ended') {
        // The cache is emptied once the screens are gone: emptied under them, each would ask
        // again at once (without a session now) while the login screen's code loads.
        const state: TLoginState = { sessionEnded: true };
        void Promise.resolve(navigate(PATHS.login, { replace: true, state })).then(() => queryClient.clear());
        return;
      }
      queryClient.clear();
      notify.success(translateServerMessage(LOGOUT_SUCCESS_MESSAGE));
      window.setTimeout(() => {
        void navigate(PATHS.login, { replace: true });
      }, LOGOUT_REDIRECT_DELAY_MS);
    },
    [navigate, queryClient],
  );
}

/** Logs out from the account menu (see useEndSession). */
export function useLogout() {
  const endSession = useEndSession();
  return useCallback(() => endSession('logout'), [endSession]);
}

/**
 * Ends this tab's session as soon as the server refuses it (a 401 to a request made with it, the
 * stream's sign-in included: lib/session.ts endsSession): mounted once, in the frame of every route.
 */
export function useEndSessionWhenRefused() {
  const endSession = useEndSession();
  useEffect(() => subscribeToSessionEnd(() => endSession('ended')), [endSession]);
}
