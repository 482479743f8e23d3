import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZTfaActivateData } from '@td/contracts/auth';
import { PROFILE_QUERY_KEY } from '../../../domain/identity/get-profile';
import { api } from '../../../lib/api-client';

/** POST /auth/2fa/activate {code} → "Two-factor enabled", {recoveryCodes} (shown once). */
export function activateTfa(code: string) {
  return api.post('/auth/2fa/activate', { code }, { schema: ZTfaActivateData });
}

export function useActivateTfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateTfa,
    // Not awaited: the screen moves on (to the recovery codes) at once, the badge follows the refetch.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
  });
}
