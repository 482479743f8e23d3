import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTfaDeactivateRequest } from '@td/contracts/auth';
import { PROFILE_QUERY_KEY } from '../../../domain/identity/get-profile';
import { api } from '../../../lib/api-client';
import { API_KEYS_QUERY_KEY } from './api-keys';

/**
 * POST /auth/2fa/deactivate {password, code} (the current password, and a TOTP or a recovery code)
 * → "Two-factor disabled"; every other session ends.
 */
export function deactivateTfa(body: TTfaDeactivateRequest) {
  return api.post<unknown>('/auth/2fa/deactivate', body);
}

export function useDeactivateTfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateTfa,
    // Not awaited: the screen moves on at once, the badge follows the refetch.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      // Every API key was revoked with the change.
      void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
    },
  });
}
