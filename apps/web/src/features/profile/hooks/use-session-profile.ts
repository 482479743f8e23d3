import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PROFILE_QUERY_KEY, useProfile } from '../../../domain/identity/get-profile';
import { PATHS } from '../../../lib/paths';
import { clearToken } from '../../../lib/session';

/**
 * The signed-in user for the dashboard frame. A failed load (after its one retry: a revoked or
 * expired session, a deleted account) clears the user and the token and goes to the login screen;
 * the API client has already said why in a toast.
 */
export function useSessionProfile() {
  const query = useProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { isError } = query;

  useEffect(() => {
    if (!isError) return;
    clearToken();
    queryClient.removeQueries({ queryKey: PROFILE_QUERY_KEY });
    void navigate(PATHS.login, { replace: true });
  }, [isError, navigate, queryClient]);

  return query;
}
