import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PROFILE_QUERY_KEY, useProfile } from '../../../domain/identity/get-profile';
import { ApiError } from '../../../lib/api-client';
import { PATHS } from '../../../lib/paths';
import { clearToken } from '../../../lib/session';

/**
 * The signed-in user for the dashboard frame. A failed load (a suspended or deleted account, or a
 * server error after its one retry) clears the user and the token and goes to the login screen;
 * the API client has already said why in a toast. A refused session (401) is not handled here: the
 * API client reports it and the frame of every route logs out and says why
 * (useEndSessionWhenRefused). No answer at all (offline, the server unreachable) is no news about
 * the session either: the user stays signed in and the query asks again once the network is back.
 */
export function useSessionProfile() {
  const query = useProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { isError, error } = query;
  const isSessionRefused = error instanceof ApiError && error.status === 401;
  const isUnanswered = error instanceof ApiError && error.isNetworkError;

  useEffect(() => {
    if (!isError || isSessionRefused || isUnanswered) return;
    clearToken();
    queryClient.removeQueries({ queryKey: PROFILE_QUERY_KEY });
    void navigate(PATHS.login, { replace: true });
  }, [isError, isSessionRefused, isUnanswered, navigate, queryClient]);

  return query;
}
