import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SESSIONS_QUERY_KEY } from './get-sessions';

/** DELETE /profile/sessions/{id}: signs that device out. */
export function revokeSession(id: string) {
  return api.delete<unknown>(`/profile/sessions/${encodeURIComponent(id)}`);
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
