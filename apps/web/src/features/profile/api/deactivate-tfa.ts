import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { PROFILE_QUERY_KEY } from './get-profile';

/** POST /auth/2fa/deactivate {code} (a TOTP or a recovery code) → "Two-factor disabled". */
export function deactivateTfa(code: string) {
  return api.post<unknown>('/auth/2fa/deactivate', { code });
}

export function useDeactivateTfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateTfa,
    // Not awaited: the screen moves on (to the recovery codes) at once, the badge follows the refetch.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
  });
}
