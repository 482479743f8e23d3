import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SESSIONS_QUERY_KEY } from './get-sessions';

/** DELETE /profile/sessions: signs out every session but this one. */
export function revokeOtherSessions() {
  return api.delete<unknown>('/profile/sessions');
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
