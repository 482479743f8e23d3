import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { API_KEYS_QUERY_KEY } from './api-keys';
import { SESSIONS_QUERY_KEY } from './get-sessions';

/** DELETE /profile/sessions: signs out every session but this one. */
export function revokeOtherSessions() {
  return api.delete<unknown>('/profile/sessions');
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    // Every API key is revoked too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
      ]),
  });
}
