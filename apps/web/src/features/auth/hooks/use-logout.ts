import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { clearToken, getToken } from '../../../lib/session';
import { clearTempSession } from '../../../lib/store';

/** Product spec §4: after logging out, the login screen follows this much later. */
export const LOGOUT_REDIRECT_DELAY_MS = 1000;

/**
 * Logs out: asks the server to revoke the session (best effort, silent), then clears the token,
 * the query cache and the store's temporary values, says so, and goes to the login screen.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useCallback(() => {
    const token = getToken();
    if (token) {
      // The header is set here because the token is cleared before the request leaves.
      api
        .post('/auth/logout', undefined, { silent: true, headers: { Authorization: `Bearer ${token}` } })
        .catch(() => {
          // The session expires on its own; the user is logged out on this device either way.
        });
    }
    clearToken();
    queryClient.clear();
    clearTempSession();
    toast.success('Logout successful');
    window.setTimeout(() => {
      void navigate('/authentication/login', { replace: true });
    }, LOGOUT_REDIRECT_DELAY_MS);
  }, [navigate, queryClient]);
}
