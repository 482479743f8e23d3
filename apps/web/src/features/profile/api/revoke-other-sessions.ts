import { api } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';
import { API_KEYS_QUERY_KEY } from './api-keys';
import { SESSIONS_QUERY_KEY } from './get-sessions';

/** DELETE /profile/sessions: signs out every session but this one. */
export function revokeOtherSessions() {
  return api.delete<unknown>('/profile/sessions');
}

export function useRevokeOtherSessions() {
  // Every API key is revoked too.
  return useRefreshingMutation(revokeOtherSessions, [SESSIONS_QUERY_KEY, API_KEYS_QUERY_KEY]);
}
