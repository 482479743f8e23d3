import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { translateServerMessage } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { clearToken, getToken } from '../../../lib/session';
import { clearTempSession } from '../../../lib/store';
import { logout } from '../api/logout';

/** After logging out, the login screen follows this much later. */
export const LOGOUT_REDIRECT_DELAY_MS = 1000;
export const LOGOUT_SUCCESS_MESSAGE = 'Logout successful';

/**
 * Logs out: asks the server to revoke the session (POST /auth/logout, best effort and silent),
 * then clears the token, the user and every cached query, and the store's temporary values, says
 * so, and goes to the login screen a second later. Clearing the token first also stops the
 * profile query (it runs only while a token is stored) from asking again in that second.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useCallback(() => {
    const token = getToken();
    if (token) {
      logout(token).catch(() => {
        // The session expires on its own; the user is logged out on this device either way.
      });
    }
    clearToken();
    // Loaded on demand: the stream client stays out of the layout's chunk until a screen uses it.
    void import('../../../lib/socket').then(({ disconnectStream }) => disconnectStream());
    queryClient.clear();
    clearTempSession();
    toast.success(translateServerMessage(LOGOUT_SUCCESS_MESSAGE));
    window.setTimeout(() => {
      void navigate(PATHS.login, { replace: true });
    }, LOGOUT_REDIRECT_DELAY_MS);
  }, [navigate, queryClient]);
}
