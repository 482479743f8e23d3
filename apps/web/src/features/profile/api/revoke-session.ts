import { api } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';
import { SESSIONS_QUERY_KEY } from './get-sessions';

/** DELETE /profile/sessions/{id}: signs that device out. */
export function revokeSession(id: string) {
  return api.delete<unknown>(`/profile/sessions/${encodeURIComponent(id)}`);
}

export function useRevokeSession() {
  return useRefreshingMutation(revokeSession, [SESSIONS_QUERY_KEY]);
}
