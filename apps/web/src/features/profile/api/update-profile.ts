import type { TUpdateProfileRequest } from '@td/contracts/profile';
import { PROFILE_QUERY_KEY } from '../../../domain/identity/get-profile';
import { api } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation';

/** PUT /profile {firstName?, lastName?, phone?, country?} → "User profile updated successfully". */
export function updateProfile(body: TUpdateProfileRequest) {
  return api.put<unknown>('/profile', body, { fallbackErrorMessage: 'User profile update failed' });
}

export function useUpdateProfile() {
  return useRefreshingMutation(updateProfile, [PROFILE_QUERY_KEY]);
}
