import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateProfileRequest } from '@td/contracts/profile';
import { PROFILE_QUERY_KEY } from '../../../domain/identity/get-profile';
import { api } from '../../../lib/api-client';

/** PUT /profile {firstName?, lastName?, phone?, country?} → "User profile updated successfully". */
export function updateProfile(body: TUpdateProfileRequest) {
  return api.put<unknown>('/profile', body, { fallbackErrorMessage: 'User profile update failed' });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  });
}
