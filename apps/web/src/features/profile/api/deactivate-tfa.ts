import type { TTfaDeactivateRequest } from '@td/contracts/auth';
import { PROFILE_QUERY_KEY } from '../../../domain/identity/get-profile';
import { api } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';
import { API_KEYS_QUERY_KEY } from './api-keys';

/**
 * POST /auth/2fa/deactivate {password, code} (the current password, and a TOTP or a recovery code)
 * → "Two-factor disabled"; every other session ends.
 */
export function deactivateTfa(body: TTfaDeactivateRequest) {
  return api.post<unknown>('/auth/2fa/deactivate', body);
}

export function useDeactivateTfa() {
  // Every API key was revoked with the change. Not awaited: the screen moves on at once, the badge
  // follows the refetch.
  return useRefreshingMutation(deactivateTfa, [PROFILE_QUERY_KEY, API_KEYS_QUERY_KEY], {
    isRefreshAwaited: false,
  });
}
